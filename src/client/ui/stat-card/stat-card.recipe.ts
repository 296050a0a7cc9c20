import { createAnatomy } from '@ark-ui/react/anatomy'
import { sva } from 'styled-system/css'

// Ark has no statistic part; the anatomy follows the statistic card's fields.
export const statCardAnatomy = createAnatomy('stat-card').parts(
  'root',
  'header',
  'label',
  'icon',
  'value',
  'change',
  'description',
  'footer',
)

export const statCardRecipe = sva({
  slots: statCardAnatomy.keys(),
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      gap: '2',
      padding: '5',
      bg: 'bg',
      color: 'fg',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'lg',
      minWidth: 0,
    },
    header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' },
    icon: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '9',
      height: '9',
      borderRadius: 'full',
      bg: 'accent.subtle',
      color: 'accent',
    },
    value: { fontSize: '3xl', fontWeight: 'semibold', lineHeight: 'tight', fontVariantNumeric: 'tabular-nums' },
    change: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      alignSelf: 'flex-start',
      paddingX: '2',
      paddingY: '0.5',
      borderRadius: 'full',
      fontSize: 'sm',
      fontWeight: 'medium',
    },
    description: { fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' },
    footer: { display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' },
  },
  variants: {
    // A minus prefix is a red down arrow, anything else a green up arrow. The *.subtle
    // fills keep the text at AA contrast in both themes.
    trend: {
      up: { change: { color: 'success', bg: 'success.subtle' } },
      down: { change: { color: 'danger', bg: 'danger.subtle' } },
    },
  },
  defaultVariants: { trend: 'up' },
})
