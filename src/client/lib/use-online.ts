import { useSyncExternalStore } from 'react'

// navigator.onLine can change without an online/offline event (a page loaded while the
// connection was going away reads true at first and false moments later), so it is also read
// again every few seconds; React re-renders only when the value differs.
const RECHECK_MS = 2000

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  const recheck = setInterval(onChange, RECHECK_MS)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
    clearInterval(recheck)
  }
}

/** navigator.onLine as React state (decisions §7: online-only screens say when they are offline). */
export function useOnline() {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  )
}
