import { useLiveQuery } from 'dexie-react-hooks'
import { db as defaultDb, type LocalBook, type Rejection, type TbrDatabase } from '~/client/db'
import { useOnline } from '~/client/lib/use-online'
import type { BookStatus } from '~/shared/schemas/book'
import { querySyncStatus, type SyncStatus } from './status'

// React reads of synced data: live Dexie queries (design card: the UI reads books and the user
// from IndexedDB). They re-render on every local write and every applied pull, in every tab.

/** The signed-in account's books, newest first; undefined while loading. */
export function listBooks(d: TbrDatabase, status?: BookStatus): Promise<LocalBook[]> {
  return d.transaction('r', [d.books, d.user], async () => {
    const me = await d.user.get('me')
    if (!me) return []
    const rows = await d.books.where('account_id').equals(me.account_id).toArray()
    const out = status ? rows.filter((b) => b.status === status) : rows
    return out.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? -1 : 1))
  })
}

export function useBooks(opts: { status?: BookStatus; db?: TbrDatabase } = {}): LocalBook[] | undefined {
  const d = opts.db ?? defaultDb
  return useLiveQuery(() => listBooks(d, opts.status), [d, opts.status])
}

/** One book: undefined while loading, null when it does not exist (deleted, or never synced here). */
export function useBook(id: string | undefined, d: TbrDatabase = defaultDb): LocalBook | null | undefined {
  return useLiveQuery(async () => (id ? ((await d.books.get(id)) ?? null) : null), [id, d])
}

const INITIAL: SyncStatus = { state: 'idle', lastSyncedAt: null, error: null, retryAt: null, online: true, pending: 0, rejected: 0 }

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
