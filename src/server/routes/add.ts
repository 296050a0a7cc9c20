import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import { createHash, createHmac } from 'node:crypto'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { bookNameKey } from '~/shared/format/book-name-key'
import { pathId, t, type AppEnv, type Deps } from '../context'
import { books, idempotencyKeys } from '../db/schema'
import { newId } from '../lib/crypto'
import { ApiError, notFound } from '../lib/errors'
import { getBook, readIdempotencyKey, runBookMutations } from '../services/books'
import { findPublicBook } from '../services/views'

// POST /api/add/{bookId}: a signed-in visitor copies a book from a public list
// into their own list. The copy is a new book (title, author and cover; not the owner's rating,
// review or reading dates) written through runBookMutations, so it takes the account's next
// change-counter value and the visitor's other devices pull it (`GET /api/books?since=`).
// Answers `{ message, data: Book }`: 201 when added; a replay of the same Idempotency-Key
// answers as the first call did, with `Idempotent-Replayed: true`.
// Errors: 404 for an unknown, deleted or non-public book (never revealing which); 400
// `add.own_book` for a book of the caller's own account.
// Add once (decisions): a book already on the caller's list (a copy of the same source book, or
// one with the same title and author ignoring case and accents) is not added again; the answer is
// 200 `data: { id, already: true }` naming the book that is there.

export const add = new Hono<AppEnv>()

add.post('/:bookId', async (c) => {
  const { deps, auth, locale } = c.var
  const key = readIdempotencyKey(c.req.header('idempotency-key'))
  const source = await findPublicBook(deps.db, pathId(c, 'bookId'))
  if (!source) throw notFound()
  if (source.accountId === auth.account.id) throw new ApiError(400, 'add.own_book')

  // A replay of a key this account already used goes to the stored answer, even
  // when that first call is what put the book on the list.
  const replay = key !== null && (await keyUsed(deps, auth.account.id, key))
  if (!replay) {
    const existing = await bookOnList(deps, auth.account.id, source)
    if (existing) return c.json({ message: t(c, 'book.exists'), data: { id: existing, already: true } }, 200)
  }

  // A copy's id derives from the source (and, once that copy was deleted, from the key), so the
  // create is exactly-once even after a stored answer expired: a late replay finds its own book.
  let id = copyId(deps, auth.account.id, source.id)
  if (await tombstoned(deps, auth.account.id, id)) id = key ? uuidFrom(`${auth.account.id}\n${source.id}\n${key}`) : newId()
  const data = { id, title: source.title, author: source.author, imageUrl: source.imageUrl, source: 'list' }
  const [result] = await runBookMutations(deps.db, auth.account.id, locale, [{ key, kind: 'book.create', id, data }])
  if (result!.status === 422 && key) {
    // The key was used before with other data. When the first call's copy is there, the source
    // was edited between that call and this replay: it is still the same call.
    const copy = await getBook(deps.db, auth.account.id, id)
    if (copy) {
      c.header('Idempotent-Replayed', 'true')
      return c.json({ message: t(c, 'book.exists'), data: copy }, 200)
    }
  }
  if (result!.replayed) c.header('Idempotent-Replayed', 'true')
  // Two adds of one book at once: the second found the first one's copy.
  else if (result!.status === 200) return c.json({ message: t(c, 'book.exists'), data: { id, already: true } }, 200)
  return c.json(result!.body, result!.status as ContentfulStatusCode)
})

/**
 * The id of the copy of `sourceId` in account `accountId`. Keyed with the server secret, so
 * nobody can compute it and take it first with a book of their own account (which would make
 * the real copy a 409).
 */
function copyId(deps: Deps, accountId: string, sourceId: string): string {
  return uuidFrom(createHmac('sha256', deps.secret).update(`add-copy\n${accountId}\n${sourceId}`).digest('hex'))
}

/** The id of the live book on the list that is this source book (its copy, or same title and author). */
async function bookOnList(deps: Deps, accountId: string, source: { id: string; title: string; author: string | null }) {
  const own = copyId(deps, accountId, source.id)
  const rows = await deps.db
    .select({ id: books.id, title: books.title, author: books.author })
    .from(books)
    .where(and(eq(books.accountId, accountId), isNull(books.deletedAt)))
  const name = bookNameKey(source)
  return (rows.find((r) => r.id === own) ?? rows.find((r) => bookNameKey(r) === name))?.id ?? null
}

/** The reader deleted that copy: the id stays with its tombstone, so a new copy needs another. */
async function tombstoned(deps: Deps, accountId: string, id: string) {
  const [row] = await deps.db
    .select({ id: books.id })
    .from(books)
    .where(and(eq(books.id, id), eq(books.accountId, accountId), isNotNull(books.deletedAt)))
  return row !== undefined
}

async function keyUsed(deps: Deps, accountId: string, key: string) {
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
