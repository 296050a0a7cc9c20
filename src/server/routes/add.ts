import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { pathId, t, type AppEnv } from '../context'
import { ApiError, notFound } from '../lib/errors'
import { bookOnList, keyUsed, newCopyId } from '../services/book-copy'
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

  // The copy's id derives from the source: the create is exactly-once (services/book-copy.ts).
  const id = await newCopyId(deps, auth.account.id, source.id, key)
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

