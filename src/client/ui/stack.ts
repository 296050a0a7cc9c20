import { cva } from 'styled-system/css'

/**
 * A column of blocks with even space between them: a page's sections, a section's parts, a
 * form's fields. A recipe, so a screen keeps its own element (section, div, ul, Card.Body).
 */
export const stackRecipe = cva({
  base: { display: 'flex', flexDirection: 'column' },
  variants: {
    gap: {
      '1.5': { gap: '1.5' },
      '3': { gap: '3' },
      '4': { gap: '4' },
      '5': { gap: '5' },
      '6': { gap: '6' },
      '8': { gap: '8' },
    },
  },
  defaultVariants: { gap: '3' },
})
