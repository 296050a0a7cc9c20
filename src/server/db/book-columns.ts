import { getTableColumns } from 'drizzle-orm'
import {
  BOOK_SOURCES,
  STORED_FIELDS,
  withDerived,
  type Book,
  type BookSource,
  type StoredBook,
} from '~/shared/schemas/book-view'
import { books } from './schema'

// The one mapping between the book as the API answers it (shared/schemas/book-view.ts, snake_case
// fields) and the `books` table (Drizzle's camelCase column keys): a field's column key is the
// camelCase of its name (`started_at` → `startedAt`, `imageUrl` stays). Timestamps are Dates in
// the table and ISO strings in the answer. Below, the compiler checks that the table and the
// schema agree field by field, so a column added to one and not the other does not compile.

export type BookRow = typeof books.$inferSelect
type BookInsert = typeof books.$inferInsert

/** `started_at` → `startedAt`. */
export type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S
export const columnOf = <F extends string>(field: F) =>
  field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as Camel<F>

/** Columns the answer never shows: the tombstone's time (a deleted book is answered as an id). */
export type ServerOnlyColumn = 'deletedAt'
/** Fields whose column is null for rows from before the field existed; the answer fills them
 *  (added_at: the day the row was created). */
type Backfilled = 'added_at'

type Wire<T> = T extends Date ? string : T
type Answered<Row, K extends string> =
  Camel<K> extends keyof Row
    ? K extends Backfilled
      ? NonNullable<Wire<Row[Camel<K> & keyof Row]>>
      : Wire<Row[Camel<K> & keyof Row]>
    : never
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Mismatch<Row, B> = {
  columnsWithoutField: Exclude<Exclude<keyof Row, ServerOnlyColumn>, Camel<keyof B & string>>
  fieldsWithoutColumn: { [K in keyof B & string]: Camel<K> extends keyof Row ? never : K }[keyof B & string]
  fieldsOfAnotherType: {
    [K in keyof B & string]: Camel<K> extends keyof Row
      ? Same<Answered<Row, K>, B[K]> extends true
        ? never
        : K
      : never
  }[keyof B & string]
}
type Differences<M> = { [K in keyof M as [M[K]] extends [never] ? never : K]: M[K] }
/** `true` when the table's row and the stored book agree field by field; else what differs. */
export type TableMatches<Row, B> = Mismatch<Row, B>[keyof Mismatch<Row, B>] extends never
  ? true
  : Differences<Mismatch<Row, B>>

// Fails to compile, naming the fields, when the table and the book schema disagree.
export const booksTableMatchesSchema: TableMatches<BookRow, StoredBook> = true

const PAIRS = STORED_FIELDS.map((f) => [f, columnOf(f)] as const)
const columns = getTableColumns(books)
const TIMESTAMPS = new Set(PAIRS.filter(([, c]) => columns[c].dataType === 'date').map(([f]) => f))

/** A row as the API answers it. */
export function fromRow(row: BookRow): Book {
  const out: Record<string, unknown> = {}
  for (const [f, c] of PAIRS) {
    const value = row[c]
    out[f] = value instanceof Date ? value.toISOString() : value
  }
  const book = out as StoredBook
  book.added_at ??= book.created_at.slice(0, 10)
  if (!(BOOK_SOURCES as readonly string[]).includes(book.source)) book.source = 'hand' satisfies BookSource
  return withDerived(book)
}

/** The columns a book's fields are written to (all of them for an insert, some for an update). */
export function toColumns(fields: Partial<StoredBook>): Partial<BookInsert> {
  const out: Record<string, unknown> = {}
  for (const [f, c] of PAIRS) {
    if (!(f in fields)) continue
    const value = fields[f]
    out[c] = TIMESTAMPS.has(f) && typeof value === 'string' ? new Date(value) : value
  }
  return out
}

/** The row a new book is inserted as. */
export const toRow = (book: StoredBook) => toColumns(book) as BookInsert
