import type { KeyboardEvent } from 'react'

// What every rating control shares, the book form's field and the list rows' stars alike: five
// stars as native radios, and Delete or Backspace on a star clears the rating.

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
