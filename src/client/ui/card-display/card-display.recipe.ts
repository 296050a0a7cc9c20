import { createAnatomy } from '@ark-ui/react/anatomy'
import { sva } from 'styled-system/css'

// Ark has no payment-card part, so the anatomy is declared here the way Ark declares its own.
export const cardDisplayAnatomy = createAnatomy('card-display').parts(
  'root',
  'brand',
  'number',
  'details',
  'detail',
  'detailLabel',
  'detailValue',
)

export const cardDisplayRecipe = sva({
  slots: cardDisplayAnatomy.keys(),
  base: {
    // ISO/IEC 7810 ID-1 proportions (85.60 × 53.98 mm). accent/accent.fg keep AA contrast in both themes.
    root: {
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      gap: '4',
      width: 'full',
      maxWidth: 'sm',
      aspectRatio: '1.586',
      padding: '5',
      borderRadius: 'xl',
      bg: 'accent',
      color: 'accent.fg',
      boxShadow: 'md',
    },
    brand: { fontSize: 'lg', fontWeight: 'bold', letterSpacing: 'wide' },
    number: { fontFamily: 'mono', fontSize: { base: 'lg', sm: 'xl' }, letterSpacing: 'widest', whiteSpace: 'nowrap' },
    details: { display: 'flex', gap: '8', margin: 0 },
    detail: { display: 'flex', flexDirection: 'column', gap: '0.5' },
    detailLabel: { fontSize: 'xs', textTransform: 'uppercase', letterSpacing: 'wider' },
    detailValue: { fontFamily: 'mono', fontSize: 'md', margin: 0 },
  },
})
