import { db, getMeta, META } from '~/client/db'
import { sessionToken, shownLocale } from '~/client/lib/session-token'
import { tokenStore } from '~/client/lib/session/token-store'
import { requestBackgroundSync } from '~/client/pwa/register'
import { SyncEngine } from './engine'
import { LiveStream, type LiveAnnouncement } from './live'
import { createMutations } from './mutations'

// The app's sync wiring: one engine per tab on the app database, the real fetch, the session
// token and language from localStorage, navigator.locks. README.md explains the guarantees.

export { SyncEngine } from './engine'
export { BookNotFoundError, MutationInputError, NotSignedInError, createMutations } from './mutations'
export {
  dismissRejection,
  knownBooks,
  useBook,
  useBookCount,
  useBooks,
  useGoals,
  useListCount,
  useRejections,
  useSyncStatus,
  type ListCount,
} from './hooks'
export { bookIndex, type BookFilter, type BookIndex } from './book-index'
export { BOOK_SORTS, countBooks, listBooks, type BookQuery, type BookSort } from './queries'
export { querySyncStatus, type SyncStatus } from './status'

let engine: SyncEngine | null = null
let live: LiveStream | null = null
let unsubscribe: (() => void) | null = null

/** Starts syncing (idempotent). Call once at app start; it idles while signed out. */
export function startSync(opts: { onUnauthorized?: (token: string) => void } = {}): SyncEngine {
  if (engine) return engine
  const e = new SyncEngine({
    db,
    getToken: () => sessionToken.get(),
    getLocale: shownLocale,
    onUnauthorized: opts.onUnauthorized,
  })
  engine = e
  // Live across devices: the leader tab holds the stream and pulls on each announcement.
  const l = new LiveStream({
    getToken: () => sessionToken.get(),
    lockName: `tbr-live:${db.name}`,
    onChange: (news) => void pullFor(e, news),
    getCursor: savedCursor,
  })
  live = l
  // A new token (sign-in after a 401, account switch) resumes a paused engine; none (signed
  // out) closes the stream.
  unsubscribe = tokenStore.subscribe(() => {
    e.requestSync()
    l.tokenChanged()
  })
  e.start()
  l.start()
  return e
}

/**
 * A pull for an announcement. Our own book write comes back announced with the cursor our pull
 * already saved: nothing to fetch then. Bursts coalesce in the engine (one follow-up run).
 */
async function pullFor(e: SyncEngine, news: LiveAnnouncement | null) {
  if (news?.kind === 'books' && news.cursor !== undefined) {
    const cursor = await getMeta<string>(META.cursor, db).catch(() => undefined)
    if (cursor === news.cursor) return
  }
  e.requestSync()
}

/** The cursor this device has pulled to for the signed-in account (none: not pulled yet). */
async function savedCursor(): Promise<string | undefined> {
  const [me, cursor, account] = await Promise.all([
    db.user.get('me'),
    getMeta<string>(META.cursor, db),
    getMeta<string>(META.cursorAccount, db),
  ])
  return me && cursor != null && account === me.account_id ? cursor : undefined
}

export function stopSync() {
  unsubscribe?.()
  unsubscribe = null
  live?.stop()
  live = null
  engine?.stop()
  engine = null
}

/** Push and pull now (e.g. a "Sync now" button, or before sign-out). Resolves when done. */
export function syncNow(): Promise<void> {
  return engine?.sync() ?? Promise.resolve()
}

/** Resolves once the run in flight (if any) is over, e.g. before sign-out ends the session it uses. */
export function syncSettled(): Promise<void> {
  return engine?.settled() ?? Promise.resolve()
}

/**
 * Local-first writes (one Dexie transaction: row + outbox entry). Each resolves once the change
 * is stored on the device; the engine is poked to push, and Background Sync is asked to wake us
 * when the connection returns where the browser has it.
 */
export const { addBook, addBooks, updateBook, moveBook, deleteBook, patchUser, setGoal } = createMutations({
  db,
  onWrite: () => {
    engine?.requestSync()
    void requestBackgroundSync().catch(() => {})
  },
})
