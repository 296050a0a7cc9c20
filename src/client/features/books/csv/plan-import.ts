import { toIsbn13 } from '~/shared/schemas/book'
import { bookNameKey as nameKey } from '~/shared/format/book-name-key'
import type { ImportedBook } from './parse-import'

// A book is skipped as already on the list when it has the same ISBN-13 as a
// book there (an ISBN-10 counts as its ISBN-13), or the same title and author ignoring case and
// accents. A book the file lists twice is skipped the second time, for the same reason.

export interface Known {
  isbn: string | null
  title: string
  author: string | null
}

export function planImport(books: ImportedBook[], onList: Known[]): { add: ImportedBook[]; skipped: number } {
  const isbns = new Set<string>()
  const names = new Set<string>()
  const remember = (b: { isbn?: string | null; title: string; author?: string | null }) => {
    const i = toIsbn13(b.isbn)
    if (i) isbns.add(i)
    names.add(nameKey(b))
  }
  onList.forEach(remember)
  const add: ImportedBook[] = []
  let skipped = 0
  for (const b of books) {
    const i = toIsbn13(b.isbn)
    if ((i && isbns.has(i)) || names.has(nameKey(b))) {
      skipped++
      continue
    }
    remember(b)
    add.push(b)
  }
  return { add, skipped }
}
