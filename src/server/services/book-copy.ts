import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { createHash, createHmac } from 'node:crypto'
import { bookNameKey } from '~/shared/format/book-name-key'
import type { Deps } from '../context'
import { books, idempotencyKeys } from '../db/schema'
import { newId } from '../lib/crypto'

// Copying a book from a public list into the caller's own (POST /api/add/{bookId}). A copy's id
// derives from the source (and, once that copy was deleted, from the Idempotency-Key), so the
// create is exactly-once even after a stored answer expired: a late replay finds its own book.

/**
 * The id of the copy of `sourceId` in account `accountId`. Keyed with the server secret, so
 * nobody can compute it and take it first with a book of their own account (which would make
 * the real copy a 409).
 */
function copyId(deps: Deps, accountId: string, sourceId: string): string {
  return uuidFrom(createHmac('sha256', deps.secret).update(`add-copy\n${accountId}\n${sourceId}`).digest('hex'))
}

/**
 * The id a new copy of `sourceId` takes: its copy id, unless the reader deleted that copy (the id
 * stays with its tombstone), then one from the key (or a random one without a key).
 */
export async function newCopyId(deps: Deps, accountId: string, sourceId: string, key: string | null) {
  const id = copyId(deps, accountId, sourceId)
  const [tombstone] = await deps.db
    .select({ id: books.id })
    .from(books)
    .where(and(eq(books.id, id), eq(books.accountId, accountId), isNotNull(books.deletedAt)))
  if (!tombstone) return id
  return key ? uuidFrom(`${accountId}\n${sourceId}\n${key}`) : newId()
}

/** The id of the live book on the list that is this source book (its copy, or same title and author). */
export async function bookOnList(
  deps: Deps,
  accountId: string,
  source: { id: string; title: string; author: string | null },
) {
  const own = copyId(deps, accountId, source.id)
  const rows = await deps.db
    .select({ id: books.id, title: books.title, author: books.author })
    .from(books)
    .where(and(eq(books.accountId, accountId), isNull(books.deletedAt)))
  const name = bookNameKey(source)
  return (rows.find((r) => r.id === own) ?? rows.find((r) => bookNameKey(r) === name))?.id ?? null
}

/** Whether this account already used this Idempotency-Key (for any call). */
export async function keyUsed(deps: Deps, accountId: string, key: string) {
  const [row] = await deps.db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)))
  return row !== undefined
}

/** A UUID (version 8, RFC 9562 "custom") from a SHA-256 of `name`. */
function uuidFrom(name: string): string {
  const h = createHash('sha256').update(name).digest('hex').slice(0, 32).split('')
  h[12] = '8'
  h[16] = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)
  const s = h.join('')
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
}
