import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import { BatchInput, Cursor, type BookMutationKind } from '~/shared/sync/protocol'
import { pathId, readBody, type AppEnv, type Ctx } from '../context'
import { ApiError, notFound } from '../lib/errors'
import type { Path } from '../lib/input'
import { batchToMutation, getBook, idOf, pullBooksJson, readIdempotencyKey, runBookMutations } from '../services/books'

// The books calls of the local-first sync (decision 12). Response shapes are
// documented in src/shared/sync/protocol.ts and src/client/sync/README.md.

export const books = new Hono<AppEnv>()

/** `{ data: Book[], deleted: string[], cursor, reset }` with or without `?since=<cursor>`. */
books.get(
  '/',
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
  async (c) => {
    const book = await getBook(c.var.deps.db, c.var.actor.account.id, pathId(c, 'id'))
    if (!book) throw notFound()
    return c.json({ data: book })
  },
)

books.post(
  '/',
  async (c) => {
    const data = await readBody(c, v.unknown())
    return write(c, 'book.create', idOf(data), data)
  },
)

/** Several mutations in one request and one transaction; one result per mutation, in order. */
books.post(
  '/batch',
  async (c) => {
    // Each mutation's id and data are checked (text included) on their own by runBookMutations, so one bad
    // mutation is a 400 for that mutation alone, never for the whole batch.
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
  async (c) => write(c, 'book.update', pathId(c, 'id'), await readBody(c, v.unknown())),
)

books.delete(
  '/:id',
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
