import Papa from 'papaparse'
import { BOOK_LIMITS, BOOK_PAGES_MAX, BOOK_YEAR, datesInOrder, isIsbn10, isIsbn13, isIsoDate, type CreateBookRaw } from '~/shared/schemas/book'
import { truncate } from '~/shared/schemas/common'
import { unescapeFormula } from './formula'

// Import (decision 35): a Goodreads or StoryGraph export CSV, recognised by its header row,
// read on the device (a worker runs this for the page: import.worker.ts). Pure: no DOM, no
// Dexie, so the unit tests run it on the fixture files in tests/fixtures/import.

export type ImportFormat = 'goodreads' | 'storygraph'

/** A book read from a row, ready for addBooks (no id, position or added_at yet unless read). */
export type ImportedBook = CreateBookRaw & { title: string; source: 'import' }

export interface ParsedImport {
  format: ImportFormat
  books: ImportedBook[]
  /** Rows without a title (nothing to import). */
  unreadable: number
}

export class ImportFormatError extends Error {
  constructor() {
    super('import.unknown_format')
  }
}

type Row = (column: string) => string

export interface ParseOptions {
  /** YYYY-MM-DD standing in for a missing date of a book read or being read (default: today, UTC). */
  today?: string
  /** Called after each batch of rows mapped. */
  onProgress?: (done: number, total: number) => void
}

/** Parses the whole file. */
export function parseImport(text: string, opts: ParseOptions = {}): ParsedImport {
  const today = opts.today ?? new Date().toISOString().slice(0, 10)
  const onProgress = opts.onProgress
  const { data } = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
  const [header, ...rows] = data
  const columns = new Map((header ?? []).map((name, i) => [name.trim(), i]))
  const format = detect(columns)
  if (!format) throw new ImportFormatError()
  const map = format === 'goodreads' ? fromGoodreads : fromStoryGraph
  const books: ImportedBook[] = []
  let unreadable = 0
  rows.forEach((cells, n) => {
    const row: Row = (column) => {
      const i = columns.get(column)
      return i === undefined ? '' : unescapeFormula(cells[i] ?? '').trim()
    }
    const book = map(row, today)
    if (book) books.push(book)
    else unreadable++
    if (onProgress && (n % 500 === 499 || n === rows.length - 1)) onProgress(n + 1, rows.length)
  })
  return { format, books, unreadable }
}

/** A whole number within bounds, or null (Goodreads leaves the cell empty when unknown). */
function whole(cell: string, min: number, max: number): number | null {
  if (!/^-?\d+$/.test(cell)) return null
  const n = Number(cell)
  return n >= min && n <= max ? n : null
}

function detect(columns: Map<string, number>): ImportFormat | null {
  const has = (...names: string[]) => names.every((n) => columns.has(n))
  if (has('Title', 'Author', 'Exclusive Shelf')) return 'goodreads'
  if (has('Title', 'Authors', 'Read Status')) return 'storygraph'
  return null
}

/** Goodreads: `="9780…"` ISBN cells, YYYY/MM/DD dates, My Rating 0 = none, exclusive shelves. */
function fromGoodreads(row: Row, today: string): ImportedBook | null {
  const title = row('Title')
  if (!title) return null
  const added = day(row('Date Added'))
  const read = day(row('Date Read'))
  const startedCell = day(row('Date Started'))
  const shelf = row('Exclusive Shelf').toLowerCase()
  const finished = shelf === 'read' || (shelf !== 'to-read' && shelf !== 'currently-reading' && read)
  return book({
    title,
    author: row('Author'),
    isbn: isbn(row('ISBN13')) ?? isbn(row('ISBN')),
    rating: stars(row('My Rating')),
    review: review(row('My Review')),
    added,
    pages: whole(row('Number of Pages'), 1, BOOK_PAGES_MAX),
    // The edition's year, else the work's first (the catalogue's fields).
    year: whole(row('Year Published'), BOOK_YEAR.min, BOOK_YEAR.max) ?? whole(row('Original Publication Year'), BOOK_YEAR.min, BOOK_YEAR.max),
    ...(finished
      ? { started_at: startedCell, finished_at: read ?? added ?? today }
      : shelf === 'currently-reading'
        ? { started_at: startedCell ?? added ?? today, finished_at: null }
        : { started_at: null, finished_at: null }),
  })
}

/** StoryGraph: Authors, ISBN/UID, Read Status, Dates Read ranges, half-star ratings. */
function fromStoryGraph(row: Row, today: string): ImportedBook | null {
  const title = row('Title')
  if (!title) return null
  const added = day(row('Date Added'))
  // "2023/01/02-2023/01/20, 2024/03/01-2024/03/09": the last reading counts.
  const last = row('Dates Read').split(',').pop()!.trim()
  const [from, to] = last.split('-').map((s) => day(s.trim()))
  const status = row('Read Status').toLowerCase()
  const finishedAt = day(row('Last Date Read')) ?? to ?? added ?? today
  return book({
    title,
    author: row('Authors'),
    isbn: isbn(row('ISBN/UID')),
    rating: stars(row('Star Rating')),
    review: review(row('Review')),
    added,
    ...(status === 'read'
      ? { started_at: from ?? null, finished_at: finishedAt }
      : status === 'to-read' || status === ''
        ? { started_at: null, finished_at: null }
        : // currently-reading, paused, did-not-finish: started, not finished
          { started_at: from ?? added ?? today, finished_at: null }),
  })
}

function book(b: {
  title: string
  author: string
  isbn: string | null
  rating: number | null
  review: string | null
  added: string | null
  started_at: string | null
  finished_at: string | null
  pages?: number | null
  year?: number | null
}): ImportedBook {
  const inOrder = datesInOrder(b.started_at, b.finished_at)
  return {
    title: truncate(b.title.replace(/\s+/g, ' '), BOOK_LIMITS.title),
    author: b.author ? truncate(b.author.replace(/\s+/g, ' '), BOOK_LIMITS.author) : null,
    isbn: b.isbn,
    rating: b.rating,
    review: b.review,
    started_at: inOrder ? b.started_at : null,
    finished_at: b.finished_at,
    ...(b.pages != null ? { pages: b.pages } : {}),
    ...(b.year != null ? { year: b.year } : {}),
    ...(b.added ? { added_at: b.added } : {}),
    source: 'import',
  }
}

/** `="9780143127741"`, `9780143127741` or `014312774X` → the ISBN; anything else → null. */
export function isbn(cell: string): string | null {
  const s = cell
    .replace(/^="?|"$/g, '')
    .replace(/[\s-]/g, '')
    .toUpperCase()
  return isIsbn13(s) || isIsbn10(s) ? s : null
}

/** YYYY/MM/DD or YYYY-MM-DD → YYYY-MM-DD when it is a real date; else null. */
export function day(cell: string): string | null {
  const m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(cell.trim())
  if (!m) return null
  const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`
  return isIsoDate(iso) ? iso : null
}

/** 1–5 stars (StoryGraph's halves round up); 0, empty or nonsense → no rating. */
export function stars(cell: string): number | null {
  const n = Number(cell)
  if (!cell || !Number.isFinite(n) || n <= 0) return null
  return Math.min(5, Math.max(1, Math.round(n)))
}

/** Goodreads writes line breaks in reviews as <br/>; we keep them as line breaks. */
function review(cell: string): string | null {
  const text = cell
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .trim()
  return text ? truncate(text, BOOK_LIMITS.review) : null
}
