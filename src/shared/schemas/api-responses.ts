import * as v from 'valibot'
import { BookView, PUBLIC_BOOK_FIELDS } from './book-view'

// Answer shapes of the calls an API key may make (shared/api/calls.ts), as valibot schemas so
// the OpenAPI document (src/server/openapi) is generated from them and the contract test
// (tests/integration/api-keys-openapi.test.ts) checks real answers against the same schemas.
// Strict objects: a field the server adds without documenting it fails that test.

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

const PublicBookView = v.pick(BookView, PUBLIC_BOOK_FIELDS)

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
