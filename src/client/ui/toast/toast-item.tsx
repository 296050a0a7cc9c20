import { useLingui } from '@lingui/react/macro'
import { Check, CircleAlert, CircleCheck, Info, X } from 'lucide-react'
import { useEffect, useRef, useState, type PointerEvent } from 'react'
import { dismissToast, SWIPE_THRESHOLD, type ToastData } from '~/client/lib/toasts'
import { toastRecipe } from './recipe'

// Error is red with an alert icon; default has a check icon; success green; info blue.
const ICONS = { default: Check, success: CircleCheck, info: Info, error: CircleAlert }

export interface ToastItemProps {
  toast: ToastData
  /** True while the region is hovered or focused, or the window is blurred. */
  paused: boolean
}

export function ToastItem({ toast, paused }: ToastItemProps) {
  const { t } = useLingui()
  const styles = toastRecipe({ variant: toast.variant })
  const remaining = useRef(toast.duration)
  const [dx, setDx] = useState(0)
  const swipe = useRef<{ x: number; pointer: number } | null>(null)
  const Icon = ICONS[toast.variant]

  // Auto-close after `duration`, paused while `paused`, resuming with the time left.
  useEffect(() => {
    if (!toast.open || paused || !Number.isFinite(remaining.current)) return
    const started = Date.now()
    const timer = setTimeout(() => dismissToast(toast.id), Math.max(0, remaining.current))
    return () => {
      clearTimeout(timer)
      remaining.current -= Date.now() - started
    }
  }, [toast.open, toast.id, paused])

  // A swipe right past 50 px closes the toast; a shorter one snaps back.
  const onPointerDown = (e: PointerEvent<HTMLLIElement>) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('button')) return
    swipe.current = { x: e.clientX, pointer: e.pointerId }
    e.currentTarget.setPointerCapture?.(e.pointerId)
  }
  const onPointerMove = (e: PointerEvent<HTMLLIElement>) => {
    if (swipe.current?.pointer !== e.pointerId) return
    setDx(Math.max(0, e.clientX - swipe.current.x))
  }
  const onPointerEnd = (e: PointerEvent<HTMLLIElement>) => {
    if (swipe.current?.pointer !== e.pointerId) return
    const distance = e.clientX - swipe.current.x
    swipe.current = null
    if (distance > SWIPE_THRESHOLD) dismissToast(toast.id)
    else setDx(0)
  }

  const isError = toast.variant === 'error'
  return (
    <li
      className={styles.root}
      data-variant={toast.variant}
      data-state={toast.open ? 'open' : 'closed'}
      data-swiping={swipe.current ? '' : undefined}
      style={dx ? { transform: `translateX(${dx}px)`, opacity: Math.max(0.2, 1 - dx / 200) } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      {/* The live region is inside the list item: a list may only contain list items. */}
      <div
        className={styles.body}
        role={isError ? 'alert' : 'status'}
        aria-live={isError ? 'assertive' : 'polite'}
        aria-atomic="true"
        data-variant={toast.variant}
      >
        <Icon aria-hidden className={styles.icon} />
        <div className={styles.content}>
          {toast.title && <div className={styles.title}>{toast.title}</div>}
          {toast.description && <div className={styles.description}>{toast.description}</div>}
        </div>
      </div>
      {toast.action && (
        <button
          type="button"
          className={styles.actionTrigger}
          aria-description={toast.action.altText}
          onClick={() => {
            toast.action?.onClick()
            dismissToast(toast.id)
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className={styles.closeTrigger} aria-label={t`Close`} onClick={() => dismissToast(toast.id)}>
        <X aria-hidden size={16} />
      </button>
    </li>
  )
}
