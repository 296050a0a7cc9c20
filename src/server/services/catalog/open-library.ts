import * as v from 'valibot'
import { BOOK_LIMITS, BOOK_PAGES_MAX, BOOK_YEAR, isIsbn13, toIsbn13 } from '~/shared/schemas/book'
import type { CatalogBook } from '~/shared/schemas/catalog'

// Open Library's wire format (https://openlibrary.org/dev/docs/api/search and
// https://openlibrary.org/dev/docs/api/books), read defensively: an answer that is not this
// shape is "garbage" (502), never a crash. Only the fields we keep are named.

export const SEARCH_FIELDS = 'key,title,author_name,first_publish_year,cover_i,isbn,number_of_pages_median'
export const SEARCH_LIMIT = 10

const SearchDoc = v.object({
  title: v.string(),
  author_name: v.optional(v.array(v.string())),
  first_publish_year: v.optional(v.number()),
  cover_i: v.optional(v.number()),
  isbn: v.optional(v.array(v.string())),
  number_of_pages_median: v.optional(v.number()),
})
const SearchAnswer = v.object({ docs: v.array(v.unknown()) })

/** `/api/books?bibkeys=ISBN:…&format=json&jscmd=data`: `{ "ISBN:…": {…} }`, `{}` when unknown. */
const DataBook = v.object({
  title: v.string(),
  authors: v.optional(v.array(v.object({ name: v.string() }))),
  number_of_pages: v.optional(v.number()),
  publish_date: v.optional(v.string()),
  cover: v.optional(v.object({ medium: v.optional(v.string()), large: v.optional(v.string()) })),
  identifiers: v.optional(v.object({ isbn_13: v.optional(v.array(v.string())) })),
})

export class Garbage extends Error {}

export function searchUrl(base: string, q: string): string {
  const u = new URL('/search.json', base)
  u.searchParams.set('q', q)
  u.searchParams.set('fields', SEARCH_FIELDS)
  u.searchParams.set('limit', String(SEARCH_LIMIT))
  return u.toString()
}

export function isbnUrl(base: string, isbn13: string): string {
  const u = new URL('/api/books', base)
  u.searchParams.set('bibkeys', `ISBN:${isbn13}`)
  u.searchParams.set('format', 'json')
  u.searchParams.set('jscmd', 'data')
  return u.toString()
}

const coverUrl = (coversBase: string, id: number) => new URL(`/b/id/${id}-M.jpg`, coversBase).toString()

const clean = (s: string | undefined, max: number) => {
  const t = s?.replace(/\s+/g, ' ').trim()
  return t ? t.slice(0, max) : null
}
const pagesOf = (n: number | undefined) => (n && Number.isInteger(n) && n >= 1 && n <= BOOK_PAGES_MAX ? n : null)
const yearOf = (n: number | undefined) =>
  n !== undefined && Number.isInteger(n) && n >= BOOK_YEAR.min && n <= BOOK_YEAR.max ? n : null

/** Search results; docs that are not books (no title) are skipped, a non-search answer throws. */
export function readSearch(json: unknown, coversBase: string): CatalogBook[] {
  const answer = v.safeParse(SearchAnswer, json)
  if (!answer.success) throw new Garbage('not a search answer')
  return answer.output.docs.flatMap((raw) => {
    const doc = v.safeParse(SearchDoc, raw)
    const title = doc.success ? clean(doc.output.title, BOOK_LIMITS.title) : null
    if (!doc.success || !title) return []
    const d = doc.output
    // `isbn` lists every edition's: prefer an ISBN-13, else convert the first ISBN-10.
    const isbns = (d.isbn ?? []).map((s) => s.replace(/[\s-]/g, '').toUpperCase())
    const isbn = isbns.find(isIsbn13) ?? isbns.map(toIsbn13).find(Boolean) ?? null
    return [
      {
        title,
        author: clean(d.author_name?.slice(0, 3).join(', '), BOOK_LIMITS.author),
        isbn,
        imageUrl: d.cover_i && d.cover_i > 0 ? coverUrl(coversBase, d.cover_i) : null,
        pages: pagesOf(d.number_of_pages_median),
        year: yearOf(d.first_publish_year),
      },
    ]
  })
}

/** The edition of an ISBN, or null when the catalogue does not know it. */
export function readIsbn(json: unknown, isbn13: string, coversBase: string): CatalogBook | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Garbage('not a books answer')
  const entries = Object.values(json)
  if (entries.length === 0) return null
  const book = v.safeParse(DataBook, entries[0])
  if (!book.success) throw new Garbage('not a book')
  const b = book.output
  const title = clean(b.title, BOOK_LIMITS.title)
  if (!title) throw new Garbage('a book without a title')
  // The cover URL names the cover id: rebuild it on our configured covers base.
  const coverId = /\/b\/id\/(\d+)-/.exec(b.cover?.medium ?? b.cover?.large ?? '')?.[1]
  const year = /\b(\d{4})\b/.exec(b.publish_date ?? '')?.[1]
  return {
    title,
    author: clean(b.authors?.slice(0, 3).map((a) => a.name).join(', '), BOOK_LIMITS.author),
    isbn: isbn13,
    imageUrl: coverId ? coverUrl(coversBase, Number(coverId)) : null,
    pages: pagesOf(b.number_of_pages),
    year: year ? yearOf(Number(year)) : null,
  }
}
