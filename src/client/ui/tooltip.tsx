import { Portal } from '~/client/ui/portal'
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip'
import { mergeProps } from '@ark-ui/react/utils'
import {
  cloneElement,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react'
import { css } from 'styled-system/css'
import { tooltipGroup } from './timing'

// Ark Tooltip, opened by the shared tooltip clock (700 ms, skip delay 300 ms; see
// timing.ts). Keyboard focus shows it at once; Escape, a press or leaving hides it.
//
// Ark's machine runs only while the tooltip is shown: every mounted machine listens to every key
// press on the page (Zag's focus-visible tracking), and the side rail has six tooltips. The
// trigger is the caller's element with our handlers, found by the machine through its id.
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

  const id = useId()
  const ids = { trigger: `${id}-trigger`, content: `${id}-content` }
  const props = children.props as Record<string, unknown>
  const trigger = cloneElement(
    children,
    mergeProps(props, {
      id: ids.trigger,
      'aria-describedby': open ? ids.content : undefined,
      onPointerEnter: (e: PointerEvent<HTMLElement>) => {
        if (e.pointerType !== 'touch') show(tooltipGroup.delay())
      },
      onPointerLeave: hide,
      onPointerDown: hide,
      onFocus: (e: FocusEvent<HTMLElement>) => {
        if (focusVisible(e.currentTarget)) show(0)
      },
      onBlur: hide,
    }),
  )

  return (
    <>
      {trigger}
      {open && (
        <ArkTooltip.Root
          open
          ids={ids}
          // Only Ark's requests to close (Escape, scroll) are taken: it opens on our clock.
          onOpenChange={(d) => {
            if (!d.open) hide()
          }}
          positioning={{ placement, gutter: 8 }}
        >
          <Portal>
            <ArkTooltip.Positioner>
              <ArkTooltip.Content className={styles.content}>{content}</ArkTooltip.Content>
            </ArkTooltip.Positioner>
          </Portal>
        </ArkTooltip.Root>
      )}
    </>
  )
}
