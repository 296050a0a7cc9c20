import { cva } from 'styled-system/css'

// The kit button's look, apart from its Ark component: links drawn as buttons on the
// server-rendered public page need the recipe without the component.
export const buttonRecipe = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: 'semibold',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'background 0.15s, color 0.15s, border-color 0.15s',
    userSelect: 'none',
    _disabled: { opacity: 0.55, cursor: 'not-allowed' },
    '&[data-loading]': { cursor: 'progress', opacity: 1 },
  },
  variants: {
    variant: {
      solid: { bg: 'accent', color: 'accent.fg', _hover: { _enabled: { bg: 'accent.hover' } } },
      outline: { bg: 'bg', color: 'fg', borderColor: 'border.input', _hover: { _enabled: { bg: 'bg.muted' } } },
      ghost: { bg: 'transparent', color: 'fg', _hover: { _enabled: { bg: 'bg.muted' } } },
      link: {
        bg: 'transparent',
        color: 'accent',
        px: '0!',
        h: 'auto!',
        textDecoration: 'underline',
        textUnderlineOffset: '2px',
        _hover: { color: 'accent.hover' },
      },
      danger: { bg: 'danger', color: 'accent.fg', _hover: { _enabled: { opacity: 0.9 } } },
    },
    size: {
      sm: { h: '8', px: '3', fontSize: 'sm' },
      md: { h: '10', px: '4', fontSize: 'sm' },
      lg: { h: '12', px: '5', fontSize: 'md' },
      icon: { h: '10', w: '10', p: '0' },
    },
    // A full-width label longer than the screen (Spanish at 390 px) wraps to a second line inside
    // the button's height instead of running out of it.
    fullWidth: { true: { w: 'full', whiteSpace: 'normal', textAlign: 'center', lineHeight: 'tight' } },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
})
