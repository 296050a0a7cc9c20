import Papa from 'papaparse'
import { toIsbn13, type Book } from '~/shared/schemas/book'
import { FORMULA_CELL } from './formula'

// Export (decision 35): Goodreads' column names, so the file imports back into Goodreads,
// StoryGraph or TBR itself (parse-import.ts reads it as a Goodreads file). "Date Started" is
// ours (Goodreads' export has no such column; importers ignore columns they do not know), so a
// book being read keeps its start date through TBR. Rows come in the order given ("Up next").

export const EXPORT_COLUMNS = [
  'Title',
  'Author',
  'ISBN13',
  'My Rating',
  'Date Read',
  'Date Added',
  'Exclusive Shelf',
  'My Review',
  'Date Started',
  'Number of Pages',
  'Year Published',
] as const

export const EXPORT_FILE_NAME = 'tbr-books.csv'

// A row stored before added_at existed has its creation time instead.
type Exported = Pick<
  Book,
  'title' | 'author' | 'isbn' | 'rating' | 'finished_at' | 'started_at' | 'status' | 'review'
> & {
  pages?: number | null
  year?: number | null
  added_at?: string | null
  created_at?: string
}

const SHELF = { not_started: 'to-read', reading: 'currently-reading', finished: 'read' } as const

/** Goodreads writes dates YYYY/MM/DD. */
const slashed = (d: string | null) => (d ? d.replaceAll('-', '/') : '')

export function exportCsv(books: Exported[]): string {
  return Papa.unparse(
    {
      fields: [...EXPORT_COLUMNS],
      data: books.map((b) => [
        b.title,
        b.author ?? '',
        toIsbn13(b.isbn) ?? '',
        String(b.rating ?? 0),
        slashed(b.finished_at),
        slashed(b.added_at ?? b.created_at?.slice(0, 10) ?? null),
        SHELF[b.status],
        b.review ?? '',
        slashed(b.started_at),
        b.pages != null ? String(b.pages) : '',
        b.year != null ? String(b.year) : '',
      ]),
    },
    { escapeFormulae: FORMULA_CELL },
  )
}
