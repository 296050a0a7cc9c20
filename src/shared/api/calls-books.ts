import {
  BatchAnswer,
  BookAnswer,
  BookDeleteAnswer,
  BookListAnswer,
  BookWriteAnswer,
  PublicListAnswer,
  UsageAnswer,
} from '../schemas/api-responses'
import { CreateBookInput, UpdateBookInput } from '../schemas/book'
import { CatalogIsbnAnswer, CatalogSearchAnswer } from '../schemas/catalog'
import { PublicSlug } from '../schemas/common'
import { documents } from '../schemas/json-schema-rules'
import { BatchInput } from '../sync/protocol'
import { GOAL_LIMITS, GoalInput } from '../schemas/goal'
import * as v from 'valibot'
import { BOOK_ID, IDEMPOTENCY, SINCE, STREAM_CURSOR } from './params'
import type { ApiCall } from './types'

// Books, the catalogue and the public list: what a support session may read and change.

/** An idempotent book write may also answer 409 (the same key in flight) and 422 (reused). */
const WRITE = [409, 422] as const

const GOAL = v.object({ year: v.number(), books: v.number() })

export const BOOK_CALLS: ApiCall[] = [
  {
    method: 'GET',
    path: '/api/books',
    tag: 'Books',
    who: 'user',
    key: 'books.read',
    support: true,
    summary: /*i18n*/ { id: 'api.summary.GET /api/books', message: 'List books, or the changes since a cursor' },
    description: /*i18n*/ { id: 'api.description.GET /api/books', message: 'Without `since`, every live book. With it, the books changed after the cursor, ids deleted after it, and the next cursor.' },
    input: { query: SINCE },
    answer: BookListAnswer,
  },
  {
    method: 'GET',
    path: '/api/books/{id}',
    tag: 'Books',
    who: 'user',
    key: 'books.read',
    support: true,
    summary: /*i18n*/ { id: 'api.summary.GET /api/books/{id}', message: 'Get a book' },
    input: { params: BOOK_ID },
    answer: BookAnswer,
  },
  {
    method: 'POST',
    path: '/api/books',
    tag: 'Books',
    who: 'user',
    key: 'books.write',
    support: true,
    summary: /*i18n*/ { id: 'api.summary.POST /api/books', message: 'Add a book' },
    description: /*i18n*/ { id: 'api.description.POST /api/books', message: "Send `'{ title, author?, … }'` or `'{ link }'` (a retailer URL). Creating the same `id` twice answers the existing book (200)." },
    input: { body: CreateBookInput, headers: IDEMPOTENCY },
    answer: BookWriteAnswer,
    status: 201,
    statuses: [200, 404, ...WRITE],
  },
  {
    method: 'POST',
    path: '/api/books/batch',
    tag: 'Books',
    who: 'user',
    key: 'books.write',
    support: true,
    summary: /*i18n*/ { id: 'api.summary.POST /api/books/batch', message: 'Several book writes in one call' },
    input: { body: BatchInput },
    answer: BatchAnswer,
  },
  {
    method: 'PATCH',
    path: '/api/books/{id}',
    tag: 'Books',
    who: 'user',
    key: 'books.write',
    support: true,
    summary: /*i18n*/ { id: 'api.summary.PATCH /api/books/{id}', message: 'Change a book (only the fields sent)' },
    input: { params: BOOK_ID, headers: IDEMPOTENCY, body: UpdateBookInput },
    answer: BookWriteAnswer,
    statuses: WRITE,
  },
  {
    method: 'DELETE',
    path: '/api/books/{id}',
    tag: 'Books',
    who: 'user',
    key: 'books.write',
    support: true,
    summary: /*i18n*/ { id: 'api.summary.DELETE /api/books/{id}', message: 'Delete a book' },
    input: { params: BOOK_ID, headers: IDEMPOTENCY },
    answer: BookDeleteAnswer,
    statuses: WRITE,
  },
  {
    method: 'GET',
    path: '/api/sync/stream',
    tag: 'Books',
    who: 'user',
    key: 'books.read',
    support: true,
    summary: /*i18n*/ { id: 'api.summary.GET /api/sync/stream', message: 'Live announcements of the account’s changes (Server-Sent Events)' },
    description: /*i18n*/ { id: 'api.description.GET /api/sync/stream', message: "Stays open. `event: ready` first (`'{ cursor, heartbeat }'`), then `event: change` (`'{ kind, cursor? }'`) after each committed change of the account, and `event: heartbeat` at least every 30 s. Carries no book data: pull `GET /api/books?since=` on each change. Ends when the session or key ends." },
    input: STREAM_CURSOR,
    produces: 'text/event-stream',
  },
  {
    method: 'GET',
    path: '/api/goals',
    tag: 'Books',
    who: 'user',
    support: true,
    summary: /*i18n*/ { id: 'api.summary.GET /api/goals', message: 'The reading goals, one per year' },
    answer: v.object({ data: v.array(GOAL) }),
  },
  {
    method: 'PUT',
    path: '/api/goals/{year}',
    tag: 'Books',
    who: 'user',
    summary: /*i18n*/ { id: 'api.summary.PUT /api/goals/{year}', message: 'Set the reading goal of a year' },
    input: {
      params: {
        year: {
          schema: v.pipe(v.number(), v.integer(), v.minValue(GOAL_LIMITS.firstYear), v.maxValue(GOAL_LIMITS.lastYear)),
          description: /*i18n*/ { id: 'api.param.year', message: 'The year' },
        },
      },
      headers: IDEMPOTENCY,
      body: GoalInput,
    },
    answer: v.object({ data: GOAL, message: v.string() }),
    statuses: WRITE,
  },
  {
    method: 'POST',
    path: '/api/add/{bookId}',
    tag: 'Books',
    who: 'user',
    support: true,
    summary: /*i18n*/ { id: 'api.summary.POST /api/add/{bookId}', message: 'Add a book of a public list to your own' },
    input: { params: { bookId: BOOK_ID.id }, headers: IDEMPOTENCY },
    answer: BookWriteAnswer,
    status: 201,
    statuses: [200, ...WRITE],
  },
  {
    method: 'GET',
    path: '/api/catalog/search',
    tag: 'Catalog',
    who: 'user',
    support: true,
    summary: /*i18n*/ { id: 'api.summary.GET /api/catalog/search', message: 'Search the book catalogue' },
    input: {
      query: {
        q: {
          schema: v.pipe(v.string(), v.minLength(2), v.maxLength(200)),
          description: /*i18n*/ { id: 'api.param.catalog_query', message: 'Title, author or ISBN' },
          required: true,
        },
      },
    },
    answer: CatalogSearchAnswer,
    statuses: [502],
  },
  {
    method: 'GET',
    path: '/api/catalog/isbn/{isbn}',
    tag: 'Catalog',
    who: 'user',
    support: true,
    summary: /*i18n*/ { id: 'api.summary.GET /api/catalog/isbn/{isbn}', message: 'Look a book up by ISBN' },
    input: { params: { isbn: { schema: v.pipe(v.string(), v.maxLength(40), documents({ format: 'isbn', pattern: '^[0-9Xx -]+$' })), description: /*i18n*/ { id: 'api.param.isbn', message: 'An ISBN-10 or ISBN-13 with a valid check digit; hyphens and spaces are ignored' } } } },
    answer: CatalogIsbnAnswer,
    statuses: [502],
  },
  {
    method: 'GET',
    path: '/api/public/{slug}',
    tag: 'Public',
    who: 'none',
    support: true,
    summary: /*i18n*/ { id: 'api.summary.GET /api/public/{slug}', message: 'A public list' },
    description: /*i18n*/ { id: 'api.description.GET /api/public/{slug}', message: 'Needs no credentials. With a session token, `viewer` says whether the list is the reader’s own.' },
    input: { params: { slug: { schema: PublicSlug, description: /*i18n*/ { id: 'api.param.public_slug', message: 'The list’s custom URL' } } } },
    answer: PublicListAnswer,
    statuses: [304],
  },
  {
    method: 'GET',
    path: '/api/account/usage',
    tag: 'Account',
    who: 'user',
    key: 'account.read',
    support: true,
    summary: /*i18n*/ { id: 'api.summary.GET /api/account/usage', message: 'The account’s usage this month' },
    answer: UsageAnswer,
  },
  {
    method: 'GET',
    path: '/api/demo',
    tag: 'Account',
    who: 'user',
    support: true,
    summary: /*i18n*/ { id: 'api.summary.GET /api/demo', message: 'The dashboard’s figures' },
  },
]
