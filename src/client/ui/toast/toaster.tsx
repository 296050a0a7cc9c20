import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { getToasts, subscribe, TOAST_HOTKEY } from '~/client/lib/toasts'
import { toastRecipe } from './recipe'
import { ToastItem } from './toast-item'

// Ark's Toaster (zag) queues beyond `max` instead of keeping the newest three, labels its
// region "Notifications, <placement> (<hotkey>)", pauses on page visibility rather than window
// blur and has no swipe threshold, so pausing, auto-close and swiping are implemented here directly (decision 10).

/** The toast region: mount once near the root. F8 moves focus to it. */
export function Toaster() {
  const { t } = useLingui()
  const toasts = useSyncExternalStore(subscribe, getToasts, getToasts)
  const list = useRef<HTMLOListElement>(null)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [windowBlurred, setWindowBlurred] = useState(false)
  const styles = toastRecipe()

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === TOAST_HOTKEY || e.code === TOAST_HOTKEY) {
        e.preventDefault()
        list.current?.focus()
      }
    }
    const onBlur = () => setWindowBlurred(true)
    const onFocus = () => setWindowBlurred(false)
    window.addEventListener('keydown', onKey)
    window.addEventListener('blur', onBlur)
    window.addEventListener('focus', onFocus)
    return () => {
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('blur', onBlur)
      window.removeEventListener('focus', onFocus)
    }
  }, [])

  const open = toasts.filter((toast) => toast.open)
  const paused = hovered || focused || windowBlurred
  return (
    <div role="region" aria-label={t`Notifications (${TOAST_HOTKEY})`} className={styles.region}>
      <ol
        ref={list}
        tabIndex={-1}
        className={styles.group}
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false)
        }}
      >
        {open.map((toast) => (
          <ToastItem key={toast.id} toast={toast} paused={paused} />
        ))}
      </ol>
    </div>
  )
}
