import { registerServiceWorker } from '~/client/pwa/register'

/**
 * The public page has no unsaved input and no outbox: a new worker waits for the next load, and
 * sync requests are the app's (it is not running here).
 */
export function register() {
  registerServiceWorker({ onUpdate: () => undefined, onSyncRequest: () => undefined })
}
