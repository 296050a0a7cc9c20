import { useLiveQuery } from 'dexie-react-hooks'
import { db as defaultDb, type LocalBook, type LocalGoal, type Rejection, type TbrDatabase } from '~/client/db'
import { useOnline } from '~/client/lib/use-online'
import { listGoals } from './goals'
import { awaitingFirstPull } from './pull'
import { countBooks, listBooks, type BookQuery } from './queries'
import { querySyncStatus, type SyncStatus } from './status'

// React reads of synced data: live Dexie queries (design card: the UI reads books and the user
// from IndexedDB). They re-render on every local write and every applied pull, in every tab.

/** The signed-in account's books, newest first; undefined while loading. */
export function useBooks(opts: BookQuery & { db?: TbrDatabase } = {}): LocalBook[] | undefined {
  const { db: d = defaultDb, status, sort, limit, offset } = opts
  return useLiveQuery(() => listBooks(d, { status, sort, limit, offset }), [d, status, sort, limit, offset])
}

/** The account's book count; undefined while loading. */
export function useBookCount(d: TbrDatabase = defaultDb): number | undefined {
  return useLiveQuery(() => countBooks(d), [d])
}

/** The account's book count, and whether its books are still on their way to this device. */
export interface ListCount {
  count: number
  arriving: boolean
}

/** The account's book count and, when it is 0, whether its books are still on their way to this
 *  device (awaitingFirstPull): read together, so the pull that brings the books ends both at once
 *  (two queries could answer "no book" and "not on their way" a render apart). Undefined while
 *  loading, and not read until `when`. */
export function useListCount(when = true, d: TbrDatabase = defaultDb): ListCount | undefined {
  return useLiveQuery(async () => {
    if (!when) return undefined
    const count = await countBooks(d)
    return { count, arriving: count === 0 && (await awaitingFirstPull(d)) }
  }, [d, when])
}

/** `books` (a live read of the account's books) once they can be shown for what they are: the
 *  account's books are here, not on their way, and the read agrees with the count (live queries
 *  answer a render apart: an empty read from before the first pull would say "no books").
 *  Undefined until then. */
export function knownBooks<T>(books: T[] | undefined, counted: ListCount | undefined): T[] | undefined {
  if (!books || !counted || counted.arriving) return undefined
  return books.length === 0 && counted.count > 0 ? undefined : books
}

/** One book: undefined while loading, null when it does not exist (deleted, or never synced here). */
export function useBook(id: string | undefined, d: TbrDatabase = defaultDb): LocalBook | null | undefined {
  return useLiveQuery(async () => (id ? ((await d.books.get(id)) ?? null) : null), [id, d])
}

/** The signed-in account's reading goals, oldest year first; undefined while loading. */
export function useGoals(d: TbrDatabase = defaultDb): LocalGoal[] | undefined {
  return useLiveQuery(() => listGoals(d), [d])
}

const INITIAL: SyncStatus = {
  state: 'idle',
  lastSyncedAt: null,
  error: null,
  retryAt: null,
  online: true,
  pending: 0,
  rejected: 0,
}

/** online/offline, pending count, last synced, last error: for the header badge and sign-out warning. */
export function useSyncStatus(d: TbrDatabase = defaultDb): SyncStatus {
  const online = useOnline()
  return useLiveQuery(() => querySyncStatus(d, online), [d, online], { ...INITIAL, online })
}

/** Changes the server refused, newest first, for a "not saved" list the reader can dismiss. */
export function useRejections(d: TbrDatabase = defaultDb): Rejection[] {
  return useLiveQuery(() => d.rejections.orderBy('at').reverse().toArray(), [d], [])
}

export function dismissRejection(id: string, d: TbrDatabase = defaultDb) {
  return d.rejections.delete(id)
}
