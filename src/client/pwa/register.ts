import { SW_MESSAGES } from '~/shared/sw-policy'
import { hasUnsavedInput } from './unsaved-input'

// Registers sw/sw.ts (built as /sw.js). When a new version waits, `onUpdate` is called with an
// `apply` function: the UI offers Reload in a toast and calls it when the reader chooses to.
// Another tab applying the update takes control here too; this tab then reloads only if no
// form holds unsaved input, and otherwise keeps running the page it has until the next load.
//
// The registration a tab finds when it opens (made by an earlier visit or another tab) is
// watched from the start, and the app looks for a new version whenever it comes back to the
// foreground: neither waits for this tab's own register(), which runs only once the page is idle
// (decision 43), so a version found before then is still offered here.

export interface UpdateHandlers {
  onUpdate(apply: () => void): void
  /** A sync request from the service worker (Background Sync). */
  onSyncRequest(): void
}

export function registerServiceWorker(handlers: UpdateHandlers) {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const container = navigator.serviceWorker
  let reloadWhenControlled = false
  const apply = () => {
    reloadWhenControlled = true
    // Another tab may have applied this update already (this tab kept its unsaved input and
    // the new worker controls it): nothing waits any more, so the reader's Reload reloads.
    void container.getRegistration().then((registration) => {
      if (registration?.waiting) registration.waiting.postMessage({ type: SW_MESSAGES.skipWaiting })
      else window.location.reload()
    })
  }
  // A waiting worker beside an active one is a new version. (The first worker of a first visit
  // also passes through `waiting`, with no active worker, on its way to activating at once.)
  let offered: ServiceWorker | null = null
  const offerWaiting = (registration: ServiceWorkerRegistration) => {
    const waiting = registration.waiting
    if (!waiting || !registration.active || waiting === offered) return
    offered = waiting
    handlers.onUpdate(apply)
  }
  let watched: ServiceWorkerRegistration | undefined
  const watch = (registration: ServiceWorkerRegistration | undefined) => {
    if (!registration || registration === watched) return
    watched = registration
    const follow = (worker: ServiceWorker | null) =>
      worker?.addEventListener('statechange', () => offerWaiting(registration))
    follow(registration.installing)
    registration.addEventListener('updatefound', () => follow(registration.installing))
    offerWaiting(registration)
  }
  void container.getRegistration().then(watch, () => undefined)

  // The first worker of a first visit claims the page: nothing new to load. Any later change of
  // controller is a new version taking over.
  let controlled = container.controller !== null
  container.addEventListener('controllerchange', () => {
    const update = controlled
    controlled = true
    if (reloadWhenControlled || (update && !hasUnsavedInput())) window.location.reload()
  })
  container.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === SW_MESSAGES.sync) handlers.onSyncRequest()
  })
  // Installing the worker precaches every chunk of the app, which must not compete with the
  // page's own first load: register once the page has loaded and the main thread is idle (at
  // most IDLE_TIMEOUT_MS later; decision 43).
  // A browser may refuse the worker (a private window, a policy): the page then works online,
  // as on a first visit, and there is no version to look for.
  afterLoadWhenIdle(() => {
    container.register('/sw.js', { scope: '/' }).then(watch, () => undefined)
  })
  // Look for a new version when the app comes back to the foreground.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return
    void container.getRegistration().then((registration) => registration?.update().catch(() => undefined))
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
