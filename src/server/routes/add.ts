import { Hono } from 'hono'
import { createHash } from 'node:crypto'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { pathId, t, type AppEnv } from '../context'
import { newId } from '../lib/crypto'
import { ApiError, notFound } from '../lib/errors'
import { getBook, readIdempotencyKey, runBookMutations } from '../services/books'
import { findPublicBook } from '../services/views'

// spec §1, §6, §7 POST /api/add/{bookId}: a signed-in visitor copies a book from a public list
// into their own list. The copy is a new book (title, author and cover; not the owner's rating,
// review or reading dates) written through runBookMutations, so it takes the account's next
// change-counter value and the visitor's other devices pull it (`GET /api/books?since=`).
// Answers `{ message, data: Book }`: 201 when added; a replay of the same Idempotency-Key
// answers as the first call did, with `Idempotent-Replayed: true` (decisions §6).
// Errors: 404 for an unknown, deleted or non-public book (never revealing which); 400
// `add.own_book` for a book of the caller's own account.

export const add = new Hono<AppEnv>()

add.post('/:bookId', async (c) => {
  const { deps, auth, locale } = c.var
  const key = readIdempotencyKey(c.req.header('idempotency-key'))
  const source = await findPublicBook(deps.db, pathId(c, 'bookId'))
  if (!source) throw notFound()
  if (source.accountId === auth.account.id) throw new ApiError(400, 'add.own_book')

  // With a key, the copy's id derives from it (and the source and target), so the create is
  // exactly-once even after the stored answer has expired: a late replay finds its own book.
  const id = key ? uuidFrom(`${auth.account.id}\n${source.id}\n${key}`) : newId()
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
  return c.json(result!.body, result!.status as ContentfulStatusCode)
})

/** A UUID (version 8, RFC 9562 "custom") from a SHA-256 of `name`. */
function uuidFrom(name: string): string {
  const h = createHash('sha256').update(name).digest('hex').slice(0, 32).split('')
  h[12] = '8'
  h[16] = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)
  const s = h.join('')
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
}
