import { cva } from 'styled-system/css'

// The text link's look, apart from the router's Link (the server-rendered public page has no router).
export const linkRecipe = cva({
  base: {
    color: 'accent',
    fontWeight: 'medium',
    textDecoration: 'underline',
    textDecorationThickness: '1px',
    textUnderlineOffset: '3px',
    borderRadius: 'xs',
    _hover: { color: 'accent.hover', textDecorationThickness: '2px' },
  },
  variants: {
    subtle: { true: { color: 'fg.muted', _hover: { color: 'fg' } } },
  },
})
