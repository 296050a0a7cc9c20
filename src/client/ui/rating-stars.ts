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
      // Its star (lucide's, 16 px) is drawn by the style, not an <svg> element: five a row, the
      // elements cost every frame that paints the list (the frame after a search keystroke took
      // about twice as long with them).
      row: {
        w: '6',
        h: '6',
        borderRadius: 'sm',
        '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'accent', outlineOffset: '-1px' },
        _before: {
          content: '""',
          w: '4',
          h: '4',
          bg: 'currentColor',
          maskSize: '100% 100%',
          maskRepeat: 'no-repeat',
          maskImage: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='1.75' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z'/%3E%3C/svg%3E")`,
          _highContrast: { forcedColorAdjust: 'none', bg: 'CanvasText' },
        },
        '&[data-on]::before': {
          maskImage: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='black' stroke='black' stroke-width='1.75' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z'/%3E%3C/svg%3E")`,
        },
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
