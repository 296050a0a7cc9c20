import { Workbox } from 'workbox-window'
import { SW_MESSAGES } from '~/shared/sw-policy'
import { hasUnsavedInput } from './unsaved-input'

// Registers sw/sw.ts (built as /sw.js). When a new version waits, `onUpdate` is called with an
// `apply` function: the UI offers Reload in a toast and calls it when the reader chooses to.
// Another tab applying the update takes control here too; this tab then reloads only if no
// form holds unsaved input, and otherwise keeps running the page it has until the next load.

export interface UpdateHandlers {
  onUpdate(apply: () => void): void
  /** A sync request from the service worker (Background Sync). */
  onSyncRequest(): void
}

let workbox: Workbox | null = null

export function registerServiceWorker(handlers: UpdateHandlers) {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const wb = new Workbox('/sw.js', { scope: '/' })
  workbox = wb
  let reloadWhenControlled = false

  wb.addEventListener('waiting', () => {
    handlers.onUpdate(() => {
      reloadWhenControlled = true
      // Another tab may have applied this update already (this tab kept its unsaved input and
      // the new worker controls it): nothing waits any more, so the reader's Reload reloads.
      void navigator.serviceWorker.getRegistration().then((registration) => {
        if (registration?.waiting) wb.messageSkipWaiting()
        else window.location.reload()
      })
    })
  })
  // The first worker of a first visit claims the page: nothing new to load. Any later change of
  // controller is a new version taking over. (workbox-window's `isUpdate` cannot tell: it says
  // whether the page was controlled when it loaded, so a tab of the first visit never reloaded.)
  let controlled = navigator.serviceWorker.controller !== null
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const update = controlled
    controlled = true
    if (reloadWhenControlled || (update && !hasUnsavedInput())) window.location.reload()
  })
  navigator.serviceWorker.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === SW_MESSAGES.sync) handlers.onSyncRequest()
  })
  // Installing the worker precaches every chunk of the app, which must not compete with the
  // page's own first load: register once the page has loaded and the main thread is idle (at
  // most IDLE_TIMEOUT_MS later; decision 43).
  // A browser may refuse the worker (a private window, a policy): the page then works online,
  // as on a first visit, and there is no version to look for.
  let registered = false
  afterLoadWhenIdle(() => {
    wb.register({ immediate: true }).then(
      (registration) => (registered = registration !== undefined),
      () => undefined,
    )
  })
  // Look for a new version when the app comes back to the foreground.
  document.addEventListener('visibilitychange', () => {
    if (registered && document.visibilityState === 'visible') void wb.update()
  })
}

const IDLE_TIMEOUT_MS = 5000

function afterLoadWhenIdle(run: () => void) {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(run, 0)
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

/** Asks the browser to wake us for the outbox when the connection returns (where supported). */
export async function requestBackgroundSync() {
  const reg = await navigator.serviceWorker?.getRegistration()
  const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)
    ?.sync
  await sync?.register(SW_MESSAGES.syncTag).catch(() => {})
}

/** Sign-out removes cached private responses. */
export async function clearPrivateCaches() {
  navigator.serviceWorker?.controller?.postMessage({ type: SW_MESSAGES.signOut })
  if (!('caches' in window)) return
  for (const name of await caches.keys()) {
    if (!name.startsWith('workbox-precache') && !name.startsWith('public-lists')) await caches.delete(name)
  }
}

export function getWorkbox() {
  return workbox
}
