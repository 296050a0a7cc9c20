import Dexie, { type EntityTable } from 'dexie'
import type { SessionUser } from '~/shared/schemas/user'

// The one module that imports dexie (architecture rule 9). decisions §6: the user record and
// books live here; the session token lives in localStorage (see lib/session.ts).

export type SyncState = 'synced' | 'pending' | 'rejected'

export interface LocalBook {
  id: string
  title: string
  author: string | null
  rating: number | null
  review: string | null
  started_at: string | null
  finished_at: string | null
  imageUrl: string | null
  account_id: string
  created_at: string
  updated_at: string
  /** Local sync state of this row. */
  sync: SyncState
}

export interface OutboxEntry {
  /** Auto-increment: push order. */
  seq?: number
  /** Mutation id, sent as Idempotency-Key. */
  id: string
  kind: string
  entityId: string
  payload: Record<string, unknown>
  createdAt: string
  attempts: number
  lastError: string | null
}

export interface Rejection {
  id: string
  kind: string
  entityId: string
  payload: Record<string, unknown>
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

export class TbrDatabase extends Dexie {
  books!: EntityTable<LocalBook, 'id'>
  outbox!: EntityTable<OutboxEntry, 'seq'>
  rejections!: EntityTable<Rejection, 'id'>
  meta!: EntityTable<MetaRow, 'key'>
  user!: EntityTable<UserRow, 'key'>

  constructor(name = 'tbr', options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options)
    this.version(1).stores({
      books: 'id, account_id, title, updated_at, sync',
      outbox: '++seq, &id, entityId',
      rejections: 'id, at',
      meta: 'key',
      user: 'key',
    })
  }
}

export const db = new TbrDatabase()

export async function saveUser(user: SessionUser) {
  const { token: _token, ...fields } = user as SessionUser & { token?: string }
  await db.user.put({ ...fields, key: 'me' })
}

export async function mergeUser(patch: Partial<SessionUser>) {
  await db.user.update('me', patch)
}

export function readUser() {
  return db.user.get('me')
}

/** decisions §6: sign-out wipes the local database so the next person sees nothing. */
export async function wipeLocalData() {
  await db.transaction('rw', [db.books, db.outbox, db.rejections, db.meta, db.user], async () => {
    await Promise.all([db.books.clear(), db.outbox.clear(), db.rejections.clear(), db.meta.clear(), db.user.clear()])
  })
}
