import { readFileSync } from 'node:fs'
import Papa from 'papaparse'
import * as v from 'valibot'
import { expect, test } from 'vitest'
import { CreateBookInput } from '~/shared/schemas/book'
import { exportCsv } from './export-csv'
import { day, isbn, parseImport, stars } from './parse-import'
import { planImport } from './plan-import'

// The import, against export files written in Goodreads' and StoryGraph's real
// formats (tests/fixtures/import): quoting, ="…" ISBN cells, non-ASCII, embedded newlines,
// duplicates, rows without a title.

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../../tests/fixtures/import/${name}`, import.meta.url), 'utf8')
const TODAY = '2025-05-05'

test('a Goodreads export: shelves, dates, ratings, ISBN cells, quoted commas and line breaks', () => {
  const progress: number[] = []
  const { format, books, unreadable } = parseImport(fixture('goodreads_library_export.csv'), {
    today: TODAY,
    onProgress: (done) => progress.push(done),
  })
  expect(format).toBe('goodreads')
  expect(unreadable).toBe(1) // the row without a title
  expect(progress.at(-1)).toBe(7)
  expect(books.map((b) => b.title)).toEqual([
    'Project Hail Mary',
    'Dune (Dune, #1)',
    'Cien años de soledad',
    'Beloved',
    'beloved',
    'The Goldfinch',
  ])
  expect(books[0]).toEqual({
    title: 'Project Hail Mary',
    author: 'Andy Weir',
    isbn: '9780593135204',
    rating: 5,
    review: 'Loved it.\n\nRocky, the best "friend".',
    started_at: null,
    finished_at: '2021-06-03',
    added_at: '2021-05-20',
    // Number of Pages and Year Published come along.
    pages: 476,
    year: 2021,
    source: 'import',
  })
  // currently-reading: started (Goodreads has no start date: the day it was added), My Rating 0
  expect(books[1]).toMatchObject({ isbn: '9780441172719', rating: null, started_at: '2024-01-07', finished_at: null })
  expect(books[2]).toMatchObject({
    author: 'Gabriel García Márquez',
    isbn: '9788437604947',
    rating: 4,
    review: 'Macondo.\n\nSecond paragraph, with a comma.',
    finished_at: '2019-08-30',
  })
  // to-read, empty ="" ISBN cells
  expect(books[3]).toMatchObject({ isbn: null, started_at: null, finished_at: null, added_at: '2023-11-12' })
  // read without a Date Read: finished on the day it was added
  expect(books[5]).toMatchObject({ author: 'Donna Tartt', finished_at: '2022-03-15', rating: 3 })
  // every book is valid input for the outbox
  for (const b of books) expect(v.safeParse(CreateBookInput, b).success).toBe(true)
})

test('a StoryGraph export: read status, date ranges, half stars, non-ISBN ids', () => {
  const { format, books, unreadable } = parseImport(fixture('storygraph_export.csv'), { today: TODAY })
  expect(format).toBe('storygraph')
  expect(unreadable).toBe(0)
  expect(books).toEqual([
    {
      title: 'Piranesi',
      author: 'Susanna Clarke',
      isbn: '9781635575637',
      rating: 5,
      review: 'A house of tides.\nBeautiful.',
      started_at: '2022-02-01',
      finished_at: '2022-02-10',
      added_at: '2022-01-04',
      source: 'import',
    },
    expect.objectContaining({ title: 'El Aleph', started_at: '2024-02-05', finished_at: null, rating: null }),
    expect.objectContaining({
      title: 'Kindred',
      isbn: null,
      started_at: null,
      finished_at: null,
      added_at: '2023-07-19',
    }),
    expect.objectContaining({
      title: 'The Left Hand of Darkness',
      started_at: '2021-09-10',
      finished_at: null,
      rating: 2,
    }),
  ])
})

test('duplicates: same ISBN-13 (an ISBN-10 counts), or same title and author ignoring case and accents', () => {
  const { books } = parseImport(fixture('goodreads_library_export.csv'), { today: TODAY })
  const onList = [
    { isbn: '0593135202', title: 'Something else', author: null }, // ISBN-10 of Project Hail Mary
    { isbn: null, title: 'CIEN ANOS DE SOLEDAD', author: 'gabriel garcia marquez' },
  ]
  const { add, skipped } = planImport(books, onList)
  // Project Hail Mary and Cien años (on the list), "beloved" (the file's second Beloved)
  expect(skipped).toBe(3)
  expect(add.map((b) => b.title)).toEqual(['Dune (Dune, #1)', 'Beloved', 'The Goldfinch'])
})

test('a file that is neither is refused; cells are read strictly', () => {
  expect(() => parseImport('Name,Email\nAna,ana@example.com\n')).toThrow('import.unknown_format')
  expect(() => parseImport('')).toThrow('import.unknown_format')
  expect(isbn('="9780593135204"')).toBe('9780593135204')
  expect(isbn('="9780593135205"')).toBeNull() // bad check digit
  expect(isbn('=""')).toBeNull()
  expect(isbn('978-0-593-13520-4')).toBe('9780593135204')
  expect(day('2021/06/03')).toBe('2021-06-03')
  expect(day('2021/2/30')).toBeNull()
  expect(day('03/06/2021')).toBeNull()
  expect(stars('0')).toBeNull()
  expect(stars('3.5')).toBe(4)
  expect(stars('five')).toBeNull()
})

test('our export reads back as a Goodreads file without losing its fields', () => {
  const books = [
    {
      title: 'Cien años de soledad, "edición"',
      author: 'Gabriel García Márquez',
      isbn: '843760494X',
      rating: 4,
      review: 'Line one,\nline two\n\n=not a formula',
      started_at: '2019-07-02',
      finished_at: '2019-08-30',
      added_at: '2019-07-01',
      status: 'finished' as const,
      pages: 471,
      year: 1967,
    },
    {
      title: 'Dune',
      author: null,
      isbn: null,
      rating: null,
      review: null,
      started_at: '2024-01-08',
      finished_at: null,
      added_at: '2024-01-07',
      status: 'reading' as const,
    },
    {
      title: 'Kindred',
      author: 'Octavia E. Butler',
      isbn: '9780807083697',
      rating: null,
      review: null,
      started_at: null,
      finished_at: null,
      added_at: '2023-07-19',
      status: 'not_started' as const,
    },
  ]
  const csv = exportCsv(books)
  expect(csv.split('\r\n')[0]).toBe(
    'Title,Author,ISBN13,My Rating,Date Read,Date Added,Exclusive Shelf,My Review,Date Started,Number of Pages,Year Published',
  )
  const { format, books: back } = parseImport(csv, { today: TODAY })
  expect(format).toBe('goodreads')
  expect(back).toEqual(
    books.map((b) => ({
      title: b.title,
      author: b.author,
      isbn: b.isbn === '843760494X' ? '9788437604947' : b.isbn,
      rating: b.rating,
      review: b.review,
      started_at: b.started_at,
      finished_at: b.finished_at,
      added_at: b.added_at,
      ...('pages' in b ? { pages: b.pages, year: b.year } : {}),
      source: 'import',
    })),
  )
})

test('export neutralises formulas with a leading quote; import removes it, so the text round-trips', () => {
  const base = {
    author: null,
    isbn: null,
    rating: null,
    review: null,
    started_at: null,
    finished_at: null,
    added_at: '2024-01-02',
    status: 'not_started' as const,
  }
  const titles = [
    '=Fun & Games',
    '=HYPERLINK("https://evil.example","Click")',
    '+1 Lives',
    '-40 Degrees',
    '@home',
    '\tTabbed',
    "'=Already quoted",
    "'Salem's Lot",
    'Plain',
  ]
  const csv = exportCsv(titles.map((title) => ({ ...base, title, review: title === 'Plain' ? '=cmd|/c calc' : null })))
  const cells = Papa.parse<string[]>(csv)
    .data.slice(1)
    .map((row) => row[0])
  // What a spreadsheet sees: no cell starts with a formula character.
  expect(cells).toEqual([
    "'=Fun & Games",
    `'=HYPERLINK("https://evil.example","Click")`,
    "'+1 Lives",
    "'-40 Degrees",
    "'@home",
    "'\tTabbed",
    "''=Already quoted",
    "'Salem's Lot",
    'Plain',
  ])
  expect(Papa.parse<string[]>(csv).data[9]![7]).toBe("'=cmd|/c calc")
  const back = parseImport(csv, { today: TODAY }).books
  // The tab is trimmed like any surrounding whitespace of a cell; everything else comes back as written.
  expect(back.map((b) => b.title)).toEqual(titles.map((title) => title.trim()))
  expect(back[8]!.review).toBe('=cmd|/c calc')
})
