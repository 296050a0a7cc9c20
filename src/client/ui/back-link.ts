import { cva } from 'styled-system/css'

/** The quiet link above a page's title that leads back to the list it was opened from. */
export const backLinkRecipe = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    fontSize: 'sm',
    fontWeight: 'medium',
    color: 'fg.muted',
    mb: '4',
    borderRadius: 'sm',
    _hover: { color: 'fg' },
  },
})
