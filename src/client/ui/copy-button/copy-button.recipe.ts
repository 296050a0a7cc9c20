import { clipboardAnatomy } from '@ark-ui/react/anatomy'
import { sva } from 'styled-system/css'

export const copyButtonRecipe = sva({
  slots: clipboardAnatomy.keys(),
  base: {
    root: { display: 'inline-flex', alignItems: 'center', gap: '2' },
    trigger: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: '1.5',
      minWidth: '9',
      height: '9',
      paddingX: '2',
      borderRadius: 'md',
      borderWidth: '1px',
      borderColor: 'border',
      bg: 'bg',
      color: 'fg',
      fontSize: 'sm',
      cursor: 'pointer',
      _hover: { bg: 'bg.muted' },
      focusRing: 'outside',
      '&[data-copied]': { color: 'success', borderColor: 'success' },
    },
    indicator: { display: 'inline-flex' },
  },
})
