import { getTableColumns } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { columnOf, fromRow, toColumns, toRow, type BookRow, type TableMatches } from '~/server/db/book-columns'
import { books } from '~/server/db/schema'
import { STORED_FIELDS, type StoredBook } from '~/shared/schemas/book-view'
import { mergePatch, newBook, patchFields } from '~/shared/sync/book-rules'

// One definition of the book: the table is checked against the answer's schema at compile time
// (the @ts-expect-error lines below fail `npx tsc` when the check stops catching a difference),
// the camel/snake mapping is derived once, and the mutations' field rules are shared.

// The real table agrees with the schema.
const agrees: TableMatches<BookRow, StoredBook> = true

// A column added to the table and not to the schema does not compile.
// @ts-expect-error columnsWithoutField: 'shelf'
const extraColumn: TableMatches<BookRow & { shelf: string | null }, StoredBook> = true

// A field added to the schema and not to the table does not compile.
// @ts-expect-error fieldsWithoutColumn: 'shelf'
const extraField: TableMatches<BookRow, StoredBook & { shelf: string | null }> = true

// A column dropped from the table does not compile.
// @ts-expect-error fieldsWithoutColumn: 'pages'
const droppedColumn: TableMatches<Omit<BookRow, 'pages'>, StoredBook> = true

// A column whose type differs from the field's does not compile (rating as text).
// @ts-expect-error fieldsOfAnotherType: 'rating'
const otherType: TableMatches<Omit<BookRow, 'rating'> & { rating: string | null }, StoredBook> = true

// Nullability counts: a title column that may be null does not match the schema's string.
// @ts-expect-error fieldsOfAnotherType: 'title'
const nullableTitle: TableMatches<Omit<BookRow, 'title'> & { title: string | null }, StoredBook> = true

// And the check names what differs (these compile only with exactly these differences).
const named: TableMatches<Omit<BookRow, 'pages' | 'rating'> & { rating: string; shelf: null }, StoredBook> = {
  columnsWithoutField: 'shelf',
  fieldsWithoutColumn: 'pages',
  fieldsOfAnotherType: 'rating',
}

const stored: StoredBook = {
  id: 'b1',
  title: 'Dune',
  author: 'Frank Herbert',
  rating: 4,
  review: null,
  started_at: '2026-01-02',
  finished_at: null,
  imageUrl: null,
  isbn: '9780441013593',
  asin: null,
  pages: 412,
  year: 1965,
  position: 'a0',
  added_at: '2026-01-01',
  source: 'hand',
  account_id: 'acct',
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-02T11:00:00.000Z',
  version: 7,
}
const asRow = (b: StoredBook) => ({ ...(toRow(b) as BookRow), deletedAt: null })

describe('the book table and the answer schema', () => {
  test('the compile-time checks above hold (the real table agrees)', () => {
    expect([agrees, extraColumn, extraField, droppedColumn, otherType, nullableTitle]).toEqual(Array(6).fill(true))
    expect(Object.keys(named)).toHaveLength(3)
  })

  test('every stored field has its column, by the one derived mapping, and every column but the tombstone a field', () => {
    const columns = Object.keys(getTableColumns(books))
    expect(STORED_FIELDS.map(columnOf).sort()).toEqual(columns.filter((c) => c !== 'deletedAt').sort())
    expect(columnOf('started_at')).toBe('startedAt')
    expect(columnOf('imageUrl')).toBe('imageUrl')
  })

  test('a book written as a row is answered as the same book, with its derived fields', () => {
    const row = asRow(stored)
    expect(row.createdAt).toBeInstanceOf(Date)
    expect(row.startedAt).toBe('2026-01-02')
    expect(fromRow(row)).toEqual({ ...stored, started: true, finished: false, status: 'reading' })
    expect(Object.keys(fromRow(row)).slice(0, 3)).toEqual(['id', 'title', 'author'])
  })

  test('a row from before added_at existed answers its creation day', () => {
    expect(fromRow({ ...asRow(stored), addedAt: null }).added_at).toBe('2026-01-01')
  })

  test('an update sets the columns of the fields the patch names, and only those', () => {
    const patch = patchFields({
      title: 'Dune Messiah',
      finished_at: null,
      version: 99,
      account_id: 'x',
      author: undefined,
    })
    expect(patch).toEqual({ title: 'Dune Messiah', finished_at: null })
    expect(toColumns(patch)).toEqual({ title: 'Dune Messiah', finishedAt: null })
  })
})

describe('the mutations’ field rules', () => {
  const at = { id: 'b2', accountId: 'acct', now: '2026-03-04T05:06:07.000Z', version: 3 }

  test('a create fills every field not given with its default', () => {
    expect(newBook({ title: 'Emma' }, at)).toEqual({
      id: 'b2',
      title: 'Emma',
      author: null,
      rating: null,
      review: null,
      started_at: null,
      finished_at: null,
      imageUrl: null,
      isbn: null,
      asin: null,
      pages: null,
      year: null,
      position: null,
      added_at: '2026-03-04',
      source: 'hand',
      account_id: 'acct',
      created_at: at.now,
      updated_at: at.now,
      version: 3,
    })
  })

  test('a create from a link takes its ISBN and ASIN unless given, and says it came from a link', () => {
    const link = 'https://www.amazon.com/Dune-Frank-Herbert/dp/0441013597'
    expect(newBook({ title: 'Dune', link }, at)).toMatchObject({
      isbn: '0441013597',
      asin: '0441013597',
      source: 'link',
    })
    expect(newBook({ title: 'Dune', link, isbn: null, source: 'import' }, at)).toMatchObject({
      isbn: null,
      asin: '0441013597',
      source: 'import',
    })
  })

  test('a patch merges field by field; the status follows the dates', () => {
    const book = { ...stored, started: true, finished: false, status: 'reading' as const }
    const merged = mergePatch(book, { finished_at: '2026-02-01', id: 'other' }, '2026-02-01T00:00:00.000Z')
    expect(merged).toEqual({
      ...book,
      finished_at: '2026-02-01',
      finished: true,
      status: 'finished',
      updated_at: '2026-02-01T00:00:00.000Z',
    })
  })
})
