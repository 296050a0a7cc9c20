import { progressAnatomy } from '@ark-ui/react/anatomy'
import { sva } from 'styled-system/css'

export const progressRecipe = sva({
  slots: progressAnatomy.keys(),
  base: {
    root: { display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'center', gap: '1.5', width: 'full' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg' },
    valueText: { fontSize: 'sm', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' },
    // Track and range differ by well over the 3:1 non-text contrast of WCAG 1.4.11 in both themes.
    track: { gridColumn: '1 / -1', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden', height: '2' },
    range: {
      bg: 'accent',
      height: 'full',
      borderRadius: 'full',
      transition: 'width 200ms ease-out',
      _motionReduce: { transition: 'none' },
    },
  },
})
