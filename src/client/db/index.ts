import Dexie, { liveQuery, type EntityTable, type Table } from 'dexie'
import { bookChangesMiddleware } from './book-changes'
import type { CatalogBook } from '~/shared/schemas/catalog'
import type { Book } from '~/shared/schemas/book'
import type { Goal } from '~/shared/schemas/goal'
import type { SessionUser } from '~/shared/schemas/user'
import type { MutationKind } from '~/shared/sync/protocol'

// The one module that imports dexie (decision 62). The user record and
// books live here; the session token lives in localStorage (see lib/session-token.ts). The sync
// engine (src/client/sync, README there) is the only writer besides the mutations it ships.

export { liveQuery }
export { onBookChanges, type BookChange } from './book-changes'

/** synced: the server's copy; pending: local changes not yet acknowledged; rejected: the server
 *  refused a change and the server's copy could not be fetched yet. */
export type SyncState = 'synced' | 'pending' | 'rejected'

/** A book as the API answers it, plus its local sync state. */
export interface LocalBook extends Book {
  sync: SyncState
}

/** A reading goal of an account (decisions: the reader's year), plus its local sync state. */
export interface LocalGoal extends Goal {
  account_id: string
  sync: SyncState
}

export interface OutboxEntry {
  /** Auto-increment: push order. */
  seq?: number
  /** Mutation id, sent as Idempotency-Key. */
  id: string
  kind: MutationKind
  /** Book id, the user id for `user.patch`, the year (as a string) for `goal.set`. */
  entityId: string
  /** The body of the call (CreateBookInput / UpdateBookInput / user fields). */
  payload: Record<string, unknown>
  /** The account the change belongs to: pushed only while a session of that account is active. */
  accountId: string
  createdAt: string
  attempts: number
  lastError: string | null
}

export interface Rejection {
  /** The mutation id. */
  id: string
  kind: MutationKind
  entityId: string
  payload: Record<string, unknown>
  accountId?: string
  status: number
  message: string
  at: string
}

export interface MetaRow {
  key: string
  value: unknown
}

export interface UserRow extends SessionUser {
  /** Always 'me': one signed-in user per device. */
  key: 'me'
}

/**
 * A catalogue look-up this device owes a book (decision 49): local only, never
 * synced. 'propose' (added offline by hand): the match waits on the book page for the reader to
 * accept or refuse; 'fill' (imported): the match fills only the empty cover, pages and year.
 */
export interface CatalogLookup {
  bookId: string
  mode: 'propose' | 'fill'
  state: 'pending' | 'proposed' | 'refused' | 'done'
  match?: CatalogBook | null
  tries: number
}

export class TbrDatabase extends Dexie {
  books!: EntityTable<LocalBook, 'id'>
  outbox!: EntityTable<OutboxEntry, 'seq'>
  rejections!: EntityTable<Rejection, 'id'>
  meta!: EntityTable<MetaRow, 'key'>
  user!: EntityTable<UserRow, 'key'>
  lookups!: EntityTable<CatalogLookup, 'bookId'>
  goals!: Table<LocalGoal, [string, number]>

  /** Pass `{ indexedDB, IDBKeyRange }` to run on another IndexedDB (tests use fake-indexeddb). */
  constructor(name = 'tbr', options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options)
    this.version(1).stores({
      books: 'id, account_id, title, updated_at, sync',
      outbox: '++seq, &id, entityId',
      rejections: 'id, at',
      meta: 'key',
      user: 'key',
    })
    // v2: lists read newest-first pages straight from an index (5,000 books: ~1 ms a page).
    this.version(2).stores({
      books: 'id, account_id, [account_id+created_at], title, updated_at, sync',
    })
    // v3: "Up next" pages in key order; books without a position are not in it.
    // Rows stored before it lack position, added_at and source: the next pull is a full snapshot.
    this.version(3)
      .stores({
        books: 'id, account_id, [account_id+created_at], [account_id+position], title, updated_at, sync',
      })
      .upgrade((tx) => tx.table('meta').delete(META.cursor))
    // v4: catalogue look-ups owed (decision 49); rows from before it have no pages/year, which
    // read as null.
    this.version(4).stores({ lookups: 'bookId, state' })
    // v5: reading goals, one row per account and year; filled by the next pull.
    this.version(5).stores({ goals: '[account_id+year], account_id' })
    this.use(bookChangesMiddleware)
  }
}

export const db = new TbrDatabase()

/** Meta keys (one row each). */
export const META = {
  /** Pull cursor and the account it belongs to. */
  cursor: 'cursor',
  cursorAccount: 'cursor_account',
  /** The user whose data this database holds (a different user signing in wipes it first). */
  owner: 'owner_user_id',
  /** Sync status shown by useSyncStatus (see sync/status.ts). */
  status: 'sync_status',
  /** Book ids whose server copy must be fetched (after a rejected change). */
  refetch: 'refetch',
} as const

export async function getMeta<T>(key: string, database: TbrDatabase = db): Promise<T | undefined> {
  return (await database.meta.get(key))?.value as T | undefined
}

export function setMeta(key: string, value: unknown, database: TbrDatabase = db) {
  return database.meta.put({ key, value })
}

/**
 * Stores the server's user record with the fields of pending `user.patch` entries on top, so a
 * refresh never hides a local edit. Call inside a rw transaction over user and outbox.
 */
export async function putUserWithPending(d: TbrDatabase, user: SessionUser) {
  const { token: _token, ...fields } = user as SessionUser & { token?: string }
  let row: UserRow = { ...fields, key: 'me' }
  await d.outbox.orderBy('seq').each((e) => {
    if (e.kind === 'user.patch') row = { ...row, ...(e.payload as Partial<SessionUser>) }
  })
  await d.user.put(row)
}

/**
 * Stores the signed-in user. A different user than the one whose data is here first wipes the
 * device (nothing of the previous user remains); pending setting changes of this
 * user are re-applied on top of the server's record.
 */
export async function saveUser(user: SessionUser, database: TbrDatabase = db) {
  const d = database
  await d.transaction('rw', userTables(d), async () => {
    const owner = await getMeta<string>(META.owner, d)
    if (owner !== undefined && owner !== user.id) await clearTables(d)
    await putUserWithPending(d, user)
    await setMeta(META.owner, user.id, d)
  })
}

export async function mergeUser(patch: Partial<SessionUser>, database: TbrDatabase = db) {
  await database.user.update('me', patch)
}

export function readUser(database: TbrDatabase = db) {
  return database.user.get('me')
}

/** Changes not yet on the server, for the sign-out warning ("N changes not yet synced"). */
export function pendingChangeCount(database: TbrDatabase = db) {
  return database.outbox.count()
}

/** Sign-out wipes the local database so the next person sees nothing. */
export async function wipeLocalData(database: TbrDatabase = db) {
  const d = database
  await d.transaction('rw', userTables(d), () => clearTables(d))
}

/** Every table that holds something of the signed-in person: what a wipe empties. */
function userTables(d: TbrDatabase) {
  return [d.books, d.outbox, d.rejections, d.meta, d.user, d.lookups, d.goals]
}

function clearTables(d: TbrDatabase) {
  return Promise.all(userTables(d).map((table) => table.clear()))
}
