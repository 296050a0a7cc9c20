import * as v from 'valibot'
import { BOOK_SOURCES, type Book } from './book'

// Answer shapes of the calls an API key may make (shared/api/calls.ts), as valibot schemas so
// the OpenAPI document (src/server/openapi) is generated from them and the contract test
// (tests/integration/api-keys-openapi.test.ts) checks real answers against the same schemas.
// Strict objects: a field the server adds without documenting it fails that test.

const Day = v.nullable(v.string())

// The fields a book shows on the reader's own list and on a public one alike.
const bookFields = {
  id: v.string(),
  title: v.string(),
  author: v.nullable(v.string()),
  rating: v.nullable(v.number()),
  review: v.nullable(v.string()),
  started_at: Day,
  finished_at: Day,
  started: v.boolean(),
  finished: v.boolean(),
  status: v.picklist(['not_started', 'reading', 'finished']),
  imageUrl: v.nullable(v.string()),
}

export const BookView = v.strictObject({
  ...bookFields,
  isbn: v.nullable(v.string()),
  asin: v.nullable(v.string()),
  pages: v.nullable(v.number()),
  year: v.nullable(v.number()),
  position: v.nullable(v.string()),
  added_at: v.string(),
  source: v.picklist(BOOK_SOURCES),
  account_id: v.string(),
  created_at: v.string(),
  updated_at: v.string(),
  version: v.number(),
})
// Compile-time guard: the documented book and the Book the server builds are the same shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
export const bookViewMatches: Same<v.InferOutput<typeof BookView>, Book> = true

/** GET /api/books[?since=] (shared/sync/protocol.ts PullResponse). */
export const BookListAnswer = v.strictObject({
  data: v.array(BookView),
  deleted: v.array(v.string()),
  cursor: v.string(),
  reset: v.boolean(),
})

export const BookAnswer = v.strictObject({ data: BookView })
export const BookWriteAnswer = v.strictObject({ data: BookView, message: v.string() })
export const BookDeleteAnswer = v.strictObject({ data: v.strictObject({ id: v.string() }), message: v.string() })

/** POST /api/books/batch: one result per mutation, in order (protocol.ts MutationResult). */
export const BatchAnswer = v.strictObject({
  data: v.array(
    v.strictObject({
      key: v.string(),
      status: v.number(),
      body: v.object({
        data: v.optional(v.unknown()),
        message: v.optional(v.string()),
        inputError: v.optional(v.string()),
      }),
      replayed: v.optional(v.boolean()),
    }),
  ),
})

/** GET /api/account/usage (routes/usage.ts). */
export const UsageAnswer = v.strictObject({
  data: v.strictObject({
    total: v.number(),
    label: v.string(),
    period: v.strictObject({ start: v.string(), end: v.string() }),
    added: v.number(),
    views: v.number(),
  }),
})

const PublicBookView = v.strictObject(bookFields)

/** GET /api/public/{slug} (routes/public.ts). */
export const PublicListAnswer = v.strictObject({
  data: v.strictObject({
    books: v.array(PublicBookView),
    account: v.strictObject({ id: v.string(), owner_name: v.string(), avatar: v.nullable(v.string()) }),
    affiliate_tag: v.string(),
    viewer: v.optional(v.strictObject({ account_id: v.string(), own: v.boolean() })),
  }),
})

/** The error body: a message, and the field at fault for bad input. */
export const ErrorAnswer = v.object({ message: v.string(), inputError: v.optional(v.string()) })
