import { useSyncExternalStore } from 'react'

// The in-app Install button appears when the browser offers `beforeinstallprompt` (Chromium);
// iOS Safari never fires it, so there we show add-to-home-screen hints instead.

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let deferred: BeforeInstallPromptEvent | null = null
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    deferred = event as BeforeInstallPromptEvent
    emit()
  })
  window.addEventListener('appinstalled', () => {
    deferred = null
    emit()
  })
}

export function isStandalone() {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  )
}

export function isIos() {
  return /iphone|ipad|ipod/i.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
}

/** 'prompt' when Install can be offered, 'ios' when hints apply, else null. */
export function useInstallOffer(): { kind: 'prompt' | 'ios' | null; install(): Promise<void> } {
  const available = useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => deferred !== null,
    () => false,
  )
  const kind = isStandalone() ? null : available ? 'prompt' : isIos() ? 'ios' : null
  return {
    kind,
    async install() {
      if (!deferred) return
      const event = deferred
      deferred = null
      emit()
      await event.prompt()
      await event.userChoice.catch(() => undefined)
    },
  }
}
