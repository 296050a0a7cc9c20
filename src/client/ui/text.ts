import { cva } from 'styled-system/css'

/**
 * The text styles screens repeat: a muted line (a hint, a count, a note under a field) and the
 * heading of a section or panel. Recipes rather than components, so a screen keeps the element
 * (p, span, dt, h2, h3) its outline needs and the heading levels stay the screen's choice.
 */
export const textRecipe = cva({
  variants: {
    tone: { muted: { color: 'fg.muted' } },
    size: { sm: { fontSize: 'sm' } },
  },
})

export const headingRecipe = cva({
  base: { fontWeight: 'semibold' },
  variants: {
    // md for a chart or card, lg for a section of a page.
    size: { md: { fontSize: 'md' }, lg: { fontSize: 'lg' } },
  },
  defaultVariants: { size: 'lg' },
})
