import * as v from 'valibot'
import type { Book } from '../schemas/book'
import { Locale, Name } from '../schemas/common'
import { documents } from '../schemas/json-schema-rules'

// The books sync protocol, shared by the client engine and the
// API. src/client/sync/README.md explains the guarantees; this file is the wire format.

/**
 * `GET /api/books[?since=<cursor>]`. One shape for both queries:
 * - `data`: live books (all of them without `since`; only those changed after the cursor with it),
 * - `deleted`: ids of books deleted after the cursor (tombstones; always [] without `since`),
 * - `cursor`: pass it as `since` next time. A decimal string; treat it as opaque.
 * - `reset`: true when the answer is a full snapshot (no `since`, or a cursor the server cannot
 *   continue from): the client drops every synced book the snapshot does not contain.
 */
export interface PullResponse {
  data: Book[]
  deleted: string[]
  cursor: string
  reset: boolean
}

/** `?since=`: the decimal digits of a cursor (the document calls it what it is, an integer). */
export const Cursor = v.pipe(
  v.string(),
  documents({ type: 'integer', minimum: 0, maximum: 999_999_999_999_999 }),
  v.check((s) => /^\d{1,15}$/.test(s), 'validation.book.since.invalid'),
)

/** A client mutation id, sent as `Idempotency-Key`. */
export const IdempotencyKey = v.pipe(
  v.string('validation.idempotency_key.invalid'),
  v.minLength(1, 'validation.idempotency_key.invalid'),
  v.maxLength(200, 'validation.idempotency_key.invalid'),
  v.regex(/^[\x21-\x7e]+$/, 'validation.idempotency_key.invalid'),
)

export const BOOK_MUTATION_KINDS = ['book.create', 'book.update', 'book.delete'] as const
export type BookMutationKind = (typeof BOOK_MUTATION_KINDS)[number]
export type MutationKind = BookMutationKind | 'user.patch' | 'goal.set'

/**
 * Reading goals travel beside the books: a `goal.set` outbox entry (entity id: the year) is sent
 * as `PUT /api/goals/{year} { books }` with its Idempotency-Key, and every pull also reads
 * `GET /api/goals` (`{ data: [{ year, books }] }`, a handful of rows: no cursor needed).
 */
export const goalMutationRequest = (year: string, data: unknown) => ({
  method: 'PUT',
  path: `/goals/${encodeURIComponent(year)}`,
  body: data,
})

/**
 * Input of each mutation kind. Book kinds carry the JSON body of the single call
 * (CreateBookInput / UpdateBookInput, validated by the server per mutation); `user.patch`
 * carries the fields of PATCH /api/user that work offline.
 */
export const UserPatchInput = v.pipe(
  v.strictObject(
    {
      name: v.optional(Name),
      dark_mode: v.optional(v.boolean()),
      locale: v.optional(Locale),
      onboarded: v.optional(v.boolean()),
    },
    'validation.user.unknown_field',
  ),
  v.check((o) => Object.keys(o).length > 0, 'validation.invalid'),
)
export type UserPatchInput = v.InferOutput<typeof UserPatchInput>

// The batch objects take other fields and ignore them, but their text is still checked (a NUL
// in one is a 400): the document asks for none, which is always accepted.
const NO_OTHER_FIELDS = { additionalProperties: false }

/** One mutation inside `POST /api/books/batch`. `id` is the book id (in `data.id` for creates). */
export const BatchMutation = v.pipe(
  v.object({
    key: IdempotencyKey,
    kind: v.picklist(BOOK_MUTATION_KINDS, 'validation.batch.invalid'),
    id: v.optional(v.pipe(v.string('validation.batch.invalid'), v.maxLength(200, 'validation.batch.invalid'))),
    data: v.optional(v.unknown()),
  }),
  documents(NO_OTHER_FIELDS),
)
export type BatchMutation = v.InferOutput<typeof BatchMutation>

export const BATCH_MAX = 500

/** `POST /api/books/batch` body: mutations applied in order, in one transaction. */
export const BatchInput = v.pipe(
  v.object({
    mutations: v.pipe(
      v.array(BatchMutation, 'validation.batch.invalid'),
      v.minLength(1, 'validation.batch.invalid'),
      v.maxLength(BATCH_MAX, 'validation.batch.invalid'),
    ),
  }),
  documents(NO_OTHER_FIELDS),
)

/** What one mutation answered: exactly what its single call would have (status and body). */
export interface MutationResult {
  key: string
  status: number
  body: { data?: unknown; message?: string; inputError?: string }
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed?: boolean
}

/** `POST /api/books/batch` answer (200 whenever the batch itself was readable). */
export interface BatchResponse {
  data: MutationResult[]
}

/** The single call that carries a book mutation (used without batching, and to hash requests). */
export function bookMutationRequest(kind: BookMutationKind, id: string, data: unknown) {
  switch (kind) {
    case 'book.create':
      return { method: 'POST', path: '/books', body: data }
    case 'book.update':
      return { method: 'PATCH', path: `/books/${encodeURIComponent(id)}`, body: data }
    case 'book.delete':
      return { method: 'DELETE', path: `/books/${encodeURIComponent(id)}`, body: undefined }
  }
}

/** JSON with object keys sorted, so equal payloads hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null'
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
}
