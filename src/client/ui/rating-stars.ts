import type { KeyboardEvent } from 'react'
import { cva } from 'styled-system/css'

// What every rating control shares, the book form's field and the list rows' stars alike: five
// stars as native radios, and Delete or Backspace on a star clears the rating.

/**
 * A star's label (its radio visually hidden inside): grey, amber when `data-on`, ringed while its
 * radio has keyboard focus.
 */
export const starRecipe = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    cursor: 'pointer',
    color: 'border.input',
    // A chosen star is filled by style, so one star element serves both states.
    '&[data-on]': { color: { base: 'amber.600', _dark: 'amber.400' }, '& svg': { fill: 'currentColor' } },
  },
  variants: {
    size: {
      // The book form's field: grows under the pointer.
      field: {
        position: 'relative',
        w: '10',
        h: '10',
        borderRadius: 'md',
        transition: 'color 0.1s, transform 0.1s',
        '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'accent', outlineOffset: '0' },
        _hover: { transform: 'scale(1.1)' },
        _motionReduce: { transition: 'none', _hover: { transform: 'none' } },
      },
      // A list row's: 24 px, the smallest target a finger should be given, in a row of fixed height.
      row: {
        w: '6',
        h: '6',
        borderRadius: 'sm',
        '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'accent', outlineOffset: '-1px' },
      },
    },
  },
})

/** How many stars a rating has. */
export const RATING_STARS = 5

/** The stars' values, 1 to RATING_STARS. */
export const STARS = Array.from({ length: RATING_STARS }, (_, i) => i + 1)

/** The keydown handler of a star's radio: Delete or Backspace clears the rating. */
export function clearOnDelete(clear: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key !== 'Delete' && e.key !== 'Backspace') return
    e.preventDefault()
    clear()
  }
}
