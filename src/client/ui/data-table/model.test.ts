import { expect, test } from 'vitest'
import { cellText, nextSort, normalizeSearch, searchRows, sortRows, type Column } from './model'

interface Book {
  id: string
  title: string
  pages?: number | null
  added: string | null
  status: 'reading' | 'finished'
}

const title: Column<Book> = { key: 'title', header: 'Title', value: (b) => b.title }
const pages: Column<Book> = { key: 'pages', header: 'Pages', type: 'number', value: (b) => b.pages }
const added: Column<Book> = { key: 'added', header: 'Added', type: 'datetime', value: (b) => b.added }
const status: Column<Book> = {
  key: 'status',
  header: 'Status',
  type: 'badge',
  value: (b) => ({ label: b.status === 'reading' ? 'Reading' : 'Finished', variant: 'info' }),
}

const books: Book[] = [
  { id: '1', title: 'Middlemarch', pages: 880, added: '2024-02-01T10:00:00Z', status: 'reading' },
  { id: '2', title: 'emma', pages: 474, added: null, status: 'finished' },
  { id: '3', title: 'Cien años de soledad', pages: null, added: '2023-05-05T08:30:00Z', status: 'finished' },
  { id: '4', title: 'Book 10', pages: 9, added: '2025-01-01T00:00:00Z', status: 'reading' },
  { id: '5', title: 'Book 9', pages: 1000, added: '2024-02-01T09:59:59Z', status: 'reading' },
]
const ids = (rows: Book[]) => rows.map((b) => b.id)

test('repeated clicks on one column toggle ascending and descending', () => {
  let sort = nextSort(null, 'title')
  expect(sort).toEqual({ key: 'title', direction: 'asc' })
  sort = nextSort(sort, 'title')
  expect(sort).toEqual({ key: 'title', direction: 'desc' })
  sort = nextSort(sort, 'title')
  expect(sort).toEqual({ key: 'title', direction: 'asc' })
  expect(nextSort({ key: 'title', direction: 'desc' }, 'pages')).toEqual({ key: 'pages', direction: 'asc' })
})

test('text sorts case-insensitively with numbers in natural order', () => {
  expect(ids(sortRows(books, title, 'asc'))).toEqual(['5', '4', '3', '2', '1'])
  expect(ids(sortRows(books, title, 'desc'))).toEqual(['1', '2', '3', '4', '5'])
})

test('numbers sort numerically; empty values last in both directions', () => {
  expect(ids(sortRows(books, pages, 'asc'))).toEqual(['4', '2', '1', '5', '3'])
  expect(ids(sortRows(books, pages, 'desc'))).toEqual(['5', '1', '2', '4', '3'])
})

test('timestamps sort by time, not by text', () => {
  expect(ids(sortRows(books, added, 'asc'))).toEqual(['3', '5', '1', '4', '2'])
  expect(ids(sortRows(books, added, 'desc'))).toEqual(['4', '1', '5', '3', '2'])
})

test('badges sort by label; the sort is stable', () => {
  expect(ids(sortRows(books, status, 'asc'))).toEqual(['2', '3', '1', '4', '5'])
})

test('sortRows without a column keeps the order and copies', () => {
  const out = sortRows(books, undefined, 'asc')
  expect(ids(out)).toEqual(['1', '2', '3', '4', '5'])
  expect(out).not.toBe(books)
})

test('cell text: datetimes as YYYY-MM-DD HH:MM:SS, badges by label, missing as empty', () => {
  const local = new Date('2024-02-01T10:00:00Z')
  const pad = (n: number) => String(n).padStart(2, '0')
  expect(cellText(added, books[0]!)).toBe(
    `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:00:00`,
  )
  expect(cellText(added, books[1]!)).toBe('')
  expect(cellText(status, books[0]!)).toBe('Reading')
  expect(cellText(pages, books[2]!)).toBe('')
})

test('search matches any searchable column, every word, ignoring case and accents', () => {
  const columns = [title, status]
  expect(ids(searchRows(books, columns, 'EMMA'))).toEqual(['2'])
  expect(ids(searchRows(books, columns, 'anos'))).toEqual(['3'])
  expect(ids(searchRows(books, columns, 'book reading'))).toEqual(['4', '5'])
  expect(ids(searchRows(books, columns, '  '))).toEqual(['1', '2', '3', '4', '5'])
  expect(ids(searchRows(books, columns, 'nothing like this'))).toEqual([])
  expect(ids(searchRows(books, [{ ...title, searchable: false }, status], 'emma'))).toEqual([])
})

test('normalizeSearch', () => {
  expect(normalizeSearch(' García ')).toBe('garcia')
})
