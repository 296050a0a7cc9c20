import { useSyncExternalStore } from 'react'

// decisions §7: online-only screens watch this; offline they say so and disable their submit
// buttons, and they come back by themselves when the connection returns.
function subscribe(callback: () => void) {
  window.addEventListener('online', callback)
  window.addEventListener('offline', callback)
  return () => {
    window.removeEventListener('online', callback)
    window.removeEventListener('offline', callback)
  }
}

export function useOnline() {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true)
}
