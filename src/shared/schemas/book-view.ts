import * as v from 'valibot'

// The book as the API answers it, written once: the TypeScript type `Book` is inferred from this
// schema, the OpenAPI document and the contract test read it, Dexie stores it (plus a local sync
// state), and the server's table is checked against it at compile time (server/db/book-columns.ts).

export const BOOK_STATUSES = ['not_started', 'reading', 'finished'] as const
export type BookStatus = (typeof BOOK_STATUSES)[number]

/** Where a book came from (the book page says so): typed by hand, a retailer link, a CSV
 *  import or another reader's public list (POST /api/add). */
export const BOOK_SOURCES = ['hand', 'link', 'import', 'list'] as const
export type BookSource = (typeof BOOK_SOURCES)[number]

const Day = v.nullable(v.string())

/**
 * Strict: a field the server adds without documenting it fails the contract test. Notes on the
 * fields: `started_at`/`finished_at`/`added_at` are days (YYYY-MM-DD); `started`, `finished` and
 * `status` are derived from the two dates; `isbn` is an ISBN-10 or ISBN-13, digits only (an
 * ISBN-10 may end in X); `pages` and `year` come from the catalogue or an import; `position` is
 * the "Up next" key (a fractional-index key compared as plain strings, `collate "C"` in SQL; null
 * sorts after every key); `added_at` is the day the reader added the book (today, or an import's
 * Date Added); `version` is the account's change counter at the book's last write (the cursor).
 */
export const BookView = v.strictObject({
  id: v.string(),
  title: v.string(),
  author: v.nullable(v.string()),
  rating: v.nullable(v.number()),
  review: v.nullable(v.string()),
  started_at: Day,
  finished_at: Day,
  started: v.boolean(),
  finished: v.boolean(),
  status: v.picklist(BOOK_STATUSES),
  imageUrl: v.nullable(v.string()),
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

/** The book as the API answers it (and as Dexie stores it, plus a local sync state). */
export type Book = v.InferOutput<typeof BookView>

/** The book fields anyone may see on a public page: no account internals, no sync metadata. */
export const PUBLIC_BOOK_FIELDS = [
  'id',
  'title',
  'author',
  'rating',
  'review',
  'started_at',
  'finished_at',
  'started',
  'finished',
  'status',
  'imageUrl',
] as const satisfies readonly (keyof Book)[]

/** Fields computed from others on every change (withDerived); never stored. */
export const DERIVED_FIELDS = ['started', 'finished', 'status'] as const
export type DerivedField = (typeof DERIVED_FIELDS)[number]

/** The fields a book keeps (a table column each on the server), in the answer's order. */
export type StoredBook = Omit<Book, DerivedField>
export const STORED_FIELDS = Object.keys(BookView.entries).filter(
  (f) => !(DERIVED_FIELDS as readonly string[]).includes(f),
) as (keyof StoredBook)[]

/** Finished if finished, else reading if started, else not started. */
export function bookStatus(b: { started_at: string | null; finished_at: string | null }): BookStatus {
  return b.finished_at ? 'finished' : b.started_at ? 'reading' : 'not_started'
}

/** Recomputes the derived fields (started, finished, status) after any change to the dates. */
export function withDerived<T extends { started_at: string | null; finished_at: string | null }>(b: T) {
  return { ...b, started: b.started_at != null, finished: b.finished_at != null, status: bookStatus(b) }
}
