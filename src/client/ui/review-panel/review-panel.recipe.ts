import { collapsibleAnatomy } from '@ark-ui/react/anatomy'
import { sva } from 'styled-system/css'

export const reviewPanelRecipe = sva({
  slots: collapsibleAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start', width: 'full' },
    content: {
      width: 'full',
      color: 'fg',
      whiteSpace: 'pre-wrap',
      overflowWrap: 'anywhere',
      // The clipped preview fades out so it reads as "there is more".
      '&[data-state=closed][data-has-collapsed-size]': {
        maskImage: 'linear-gradient(to bottom, black 60%, transparent)',
      },
      focusRing: 'outside',
    },
    trigger: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      paddingY: '1',
      color: 'accent',
      fontSize: 'sm',
      fontWeight: 'medium',
      cursor: 'pointer',
      borderRadius: 'sm',
      _hover: { textDecoration: 'underline' },
      focusRing: 'outside',
    },
    indicator: { transition: 'transform 150ms', '&[data-state=open]': { transform: 'rotate(180deg)' } },
  },
  variants: {
    // A variant rather than a [data-state] selector: Zag leaves data-state off the content of a
    // panel that starts open, and the limit must hold then too.
    expanded: {
      // The review panel expands up to 600px high; longer text scrolls inside it.
      true: { content: { maxHeight: '600px', overflowY: 'auto' } },
      false: {},
    },
  },
})
