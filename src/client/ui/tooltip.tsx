import { Portal } from '~/client/ui/portal'
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip'
import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { tooltipGroup } from './timing'

// Ark Tooltip, opened by the shared tooltip clock (700 ms, skip delay 300 ms; see
// timing.ts). Keyboard focus shows it at once; Escape, a press or leaving hides it.
const styles = {
  // The layer goes on the content: Zag's positioner copies the content's z-index inline (see
  // select.tsx), so a class on the positioner has no effect.
  content: css({
    zIndex: 'tooltip',
    px: '2.5',
    py: '1.5',
    fontSize: 'xs',
    fontWeight: 'medium',
    bg: 'fg',
    color: 'bg',
    borderRadius: 'md',
    boxShadow: 'md',
    maxW: '15rem',
    _open: { animation: 'fadeIn 0.1s' },
    _motionReduce: { animation: 'none!' },
  }),
}

export interface RootProps {
  /** The tooltip text; the trigger must have the same accessible name (the tooltip is a hint). */
  content: ReactNode
  /** One focusable element (rendered as the trigger with asChild). */
  children: ReactElement
  placement?: 'right' | 'left' | 'top' | 'bottom'
}

function focusVisible(el: Element) {
  try {
    return el.matches(':focus-visible')
  } catch {
    return true
  }
}

export function Root({ content, children, placement = 'right' }: RootProps) {
  const [open, setOpen] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const shown = useRef(false)

  const show = (delay: number) => {
    clearTimeout(timer.current)
    const reveal = () => {
      if (!shown.current) tooltipGroup.opened()
      shown.current = true
      setOpen(true)
    }
    if (delay <= 0) reveal()
    else timer.current = setTimeout(reveal, delay)
  }
  const hide = () => {
    clearTimeout(timer.current)
    if (shown.current) tooltipGroup.closed()
    shown.current = false
    setOpen(false)
  }
  useEffect(() => () => hide(), [])

  return (
    <ArkTooltip.Root
      open={open}
      // Ark asks to open on its own clock; only its requests to close (Escape, scroll) are taken.
      onOpenChange={(d) => {
        if (!d.open) hide()
      }}
      positioning={{ placement, gutter: 8 }}
      lazyMount
      unmountOnExit
    >
      <ArkTooltip.Trigger
        asChild
        onPointerEnter={(e) => {
          if (e.pointerType !== 'touch') show(tooltipGroup.delay())
        }}
        onPointerLeave={hide}
        onPointerDown={hide}
        onFocus={(e) => {
          if (focusVisible(e.currentTarget)) show(0)
        }}
        onBlur={hide}
      >
        {children}
      </ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner>
          <ArkTooltip.Content className={styles.content}>{content}</ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  )
}
