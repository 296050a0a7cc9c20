import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import { BatchInput, Cursor, IdempotencyKey, type BookMutationKind } from '~/shared/sync/protocol'
import {
  BatchAnswer,
  BookAnswer,
  BookDeleteAnswer,
  BookListAnswer,
  BookWriteAnswer,
} from '~/shared/schemas/api-responses'
import { BookId, CreateBookInput, UpdateBookInput } from '~/shared/schemas/book'
import { pathId, readBody, type AppEnv, type Ctx } from '../context'
import { ApiError, notFound } from '../lib/errors'
import type { Path } from '../lib/input'
import { requireAuth } from '../middleware/auth'
import { documented } from '../openapi/describe'
import { batchToMutation, getBook, idOf, pullBooksJson, readIdempotencyKey, runBookMutations } from '../services/books'

// spec §7 books calls, decisions §6 (local-first sync) and guide/sync.md. Response shapes are
// documented in src/shared/sync/protocol.ts and src/client/sync/README.md.

export const books = new Hono<AppEnv>()

books.use('*', requireAuth('user'))

/** `{ data: Book[], deleted: string[], cursor, reset }` with or without `?since=<cursor>`. */
const idParam = [{ name: 'id', description: 'The book id (a UUID)', schema: BookId }]
const idempotency = [
  {
    name: 'Idempotency-Key',
    schema: IdempotencyKey,
    // decisions §6 (idempotent writes).
    description: 'Makes a retry safe: a replay changes nothing and answers as the first call did.',
  },
]

books.get(
  '/',
  documented({
    summary: 'List books, or the changes since a cursor',
    description:
      'Without `since`, every live book. With it, the books changed after the cursor, ids deleted after it, and the next cursor.',
    tag: 'Books',
    auth: 'books.read',
    query: [{ name: 'since', description: 'A `cursor` from an earlier answer', schema: Cursor }],
    answer: BookListAnswer,
  }),
  async (c) => {
    const raw = c.req.query('since')
    let since: number | undefined
    if (raw !== undefined && raw !== '') {
      if (!v.is(Cursor, raw)) throw new ApiError(400, 'validation.book.since.invalid', { inputError: 'since' })
      since = Number(raw)
    }
    // The caller's account row came with its authentication (one statement), change counter
    // included: an unchanged list answers without another query (services/books.ts).
    const { account } = c.var.actor
    c.header('Content-Type', 'application/json')
    return c.body(await pullBooksJson(c.var.deps.db, account.id, account.changeCounter, since))
  },
)

books.get(
  '/:id',
  documented({ summary: 'Get a book', tag: 'Books', auth: 'books.read', params: idParam, answer: BookAnswer }),
  async (c) => {
    const book = await getBook(c.var.deps.db, c.var.actor.account.id, pathId(c, 'id'))
    if (!book) throw notFound()
    return c.json({ data: book })
  },
)

books.post(
  '/',
  documented({
    summary: 'Add a book',
    description:
      'Send `{ title, author?, … }` or `{ link }` (a retailer URL). Creating the same `id` twice answers the existing book (200).',
    tag: 'Books',
    auth: 'books.write',
    headers: idempotency,
    body: CreateBookInput,
    status: 201,
    answer: BookWriteAnswer,
  }),
  async (c) => {
    const data = await readBody(c, v.unknown())
    return write(c, 'book.create', idOf(data), data)
  },
)

/** Several mutations in one request and one transaction; one result per mutation, in order. */
books.post(
  '/batch',
  documented({
    summary: 'Several book writes in one call',
    tag: 'Books',
    auth: 'books.write',
    body: BatchInput,
    answer: BatchAnswer,
  }),
  async (c) => {
    // Each mutation's id and data are checked (text included) on their own by runBookMutations, so one bad
    // mutation is a 400 for that mutation alone (decisions §6), never for the whole batch.
    const { mutations } = await readBody(c, BatchInput, { skipText: isMutationData })
    const results = await runBookMutations(
      c.var.deps.db,
      c.var.actor.account.id,
      c.var.locale,
      mutations.map(batchToMutation),
    )
    return c.json({ data: results.map(({ replayed, ...r }) => (replayed ? { ...r, replayed } : r)) })
  },
)

books.patch(
  '/:id',
  documented({
    summary: 'Change a book (only the fields sent)',
    tag: 'Books',
    auth: 'books.write',
    params: idParam,
    headers: idempotency,
    body: UpdateBookInput,
    answer: BookWriteAnswer,
  }),
  async (c) => write(c, 'book.update', pathId(c, 'id'), await readBody(c, v.unknown())),
)

books.delete(
  '/:id',
  documented({
    summary: 'Delete a book',
    tag: 'Books',
    auth: 'books.write',
    params: idParam,
    headers: idempotency,
    answer: BookDeleteAnswer,
  }),
  async (c) => write(c, 'book.delete', pathId(c, 'id'), null),
)

const isMutationData = (path: Path) =>
  path.length === 3 && path[0] === 'mutations' && (path[2] === 'data' || path[2] === 'id')

async function write(c: Ctx, kind: BookMutationKind, id: string | null, data: unknown) {
  const key = readIdempotencyKey(c.req.header('idempotency-key'))
  const [result] = await runBookMutations(c.var.deps.db, c.var.actor.account.id, c.var.locale, [
    { key, kind, id, data },
  ])
  if (result!.replayed) c.header('Idempotent-Replayed', 'true')
  return c.json(result!.body, result!.status as ContentfulStatusCode)
}
