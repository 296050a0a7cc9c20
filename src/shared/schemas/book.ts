import { generateKeyBetween } from 'fractional-indexing'
import * as v from 'valibot'
import { BODY_TEXTS } from '../api/body-texts'
import { POSITION_KEY_PATTERN, RETAILER_LINK_PATTERN, RETAILER_LINK_WITH_TITLE_PATTERN } from './book-json-schema'
import { BOOK_SOURCES, type Book } from './book-view'
import { isHttpUrl, truncate } from './common'
import {
  documents,
  HTTP_URL_PATTERN,
  ISO_DATE,
  NOT_BLANK_TEXT,
  UUID,
  WELL_FORMED_TEXT,
} from './json-schema-rules'

// Book input rules shared by forms, the sync engine and the API.
// Messages are translation ids (see common.ts); the server's catalog carries the same keys.

// The book's answer shape lives in book-view.ts; these names are imported from here too.
export { BOOK_SOURCES, bookStatus, withDerived, type Book, type BookSource, type BookStatus } from './book-view'

export const BOOK_LIMITS = { title: 300, author: 200, review: 10_000, url: 2048, position: 200 } as const

/** The fields a reader writes; everything else in Book is derived or server-owned. */
export const EDITABLE_FIELDS = [
  'title',
  'author',
  'rating',
  'review',
  'started_at',
  'finished_at',
  'imageUrl',
  'isbn',
  'asin',
  'pages',
  'year',
  'position',
  'added_at',
] as const
export type EditableField = (typeof EDITABLE_FIELDS)[number]
export type BookFields = Pick<Book, EditableField>

/** The fields a reader writes that an input names (given, even as null); nothing else. */
export function givenFields(input: object): Partial<BookFields> {
  const given = input as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const f of EDITABLE_FIELDS) if (given[f] !== undefined) out[f] = given[f]
  return out as Partial<BookFields>
}

// JSON Schema counts a length in characters; the server counts UTF-16 units, as JavaScript does.
const UTF16_NOTE = BODY_TEXTS.utf16Length.message

const emptyToNull = (s: string | null): string | null => (s === '' ? null : s)

const Title = v.pipe(
  v.string('validation.book.title.required'),
  documents({ pattern: NOT_BLANK_TEXT, description: UTF16_NOTE }),
  v.trim(),
  v.nonEmpty('validation.book.title.required'),
  v.maxLength(BOOK_LIMITS.title, 'validation.book.title.max_length'),
)
const optionalText = (max: number, key: string) =>
  v.pipe(
    v.nullable(
      v.pipe(
        v.string(key),
        documents({ pattern: WELL_FORMED_TEXT, description: UTF16_NOTE }),
        v.trim(),
        v.maxLength(max, key),
      ),
    ),
    v.transform(emptyToNull),
  )
const Author = optionalText(BOOK_LIMITS.author, 'validation.book.author.max_length')
const Review = optionalText(BOOK_LIMITS.review, 'validation.book.review.max_length')

export const Rating = v.nullable(
  v.pipe(
    v.number('validation.book.rating.invalid'),
    v.integer('validation.book.rating.invalid'),
    v.minValue(1, 'validation.book.rating.invalid'),
    v.maxValue(5, 'validation.book.rating.invalid'),
  ),
)

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
}
const BookDate = v.pipe(
  v.nullable(
    v.pipe(
      v.string('validation.book.date.invalid'),
      documents(ISO_DATE),
      v.trim(),
      v.check((s) => s === '' || isIsoDate(s), 'validation.book.date.invalid'),
    ),
  ),
  v.transform(emptyToNull),
)

const ImageUrl = v.pipe(
  v.nullable(
    v.pipe(
      v.string('validation.book.image_url.invalid'),
      documents({ format: 'uri', pattern: HTTP_URL_PATTERN }),
      v.trim(),
      v.maxLength(BOOK_LIMITS.url, 'validation.book.image_url.invalid'),
      v.check((s) => s === '' || isHttpUrl(s), 'validation.book.image_url.invalid'),
    ),
  ),
  v.transform(emptyToNull),
)

/** ISBN-10 or ISBN-13 with a valid check digit; hyphens and spaces are dropped. */
const Isbn = v.pipe(
  v.nullable(
    v.pipe(
      v.string('validation.book.isbn.invalid'),
      // No pattern can check a check digit: the document names the format (ISBN-10 or ISBN-13).
      documents({
        format: 'isbn',
        pattern: '^[0-9Xx -]+$',
        description: BODY_TEXTS.isbn.message,
      }),
      v.transform((s) => s.replace(/[\s-]/g, '').toUpperCase()),
      v.check((s) => s === '' || isIsbn10(s) || isIsbn13(s), 'validation.book.isbn.invalid'),
    ),
  ),
  v.transform(emptyToNull),
)
const Asin = v.pipe(
  v.nullable(
    v.pipe(
      v.string('validation.book.asin.invalid'),
      documents({ pattern: '^[A-Za-z0-9]{10}$' }),
      v.trim(),
      v.toUpperCase(),
      v.check((s) => s === '' || /^[A-Z0-9]{10}$/.test(s), 'validation.book.asin.invalid'),
    ),
  ),
  v.transform(emptyToNull),
)

export const BOOK_PAGES_MAX = 100_000
/** Publication years a book may carry: the catalogue has ancient works (negative years) too. */
export const BOOK_YEAR = { min: -3000, max: 2200 } as const
const wholeNumber = (min: number, max: number, key: string) =>
  v.nullable(v.pipe(v.number(key), v.integer(key), v.minValue(min, key), v.maxValue(max, key)))
const Pages = wholeNumber(1, BOOK_PAGES_MAX, 'validation.book.pages.invalid')
const Year = wholeNumber(BOOK_YEAR.min, BOOK_YEAR.max, 'validation.book.year.invalid')

/** A key fractional-indexing can place books between (it throws on anything else). */
export function isPositionKey(s: string): boolean {
  if (s.length === 0 || s.length > BOOK_LIMITS.position || !/^[0-9A-Za-z]+$/.test(s)) return false
  try {
    generateKeyBetween(s, null)
    return true
  } catch {
    return false
  }
}
const Position = v.nullable(
  v.pipe(
    v.string('validation.book.position.invalid'),
    documents({ pattern: POSITION_KEY_PATTERN, maxLength: BOOK_LIMITS.position }),
    v.check(isPositionKey, 'validation.book.position.invalid'),
  ),
)
const AddedAt = v.pipe(
  v.string('validation.book.date.invalid'),
  documents(ISO_DATE),
  v.trim(),
  v.check(isIsoDate, 'validation.book.date.invalid'),
)

export const BookId = v.pipe(
  v.string('validation.book.id.invalid'),
  documents(UUID),
  v.trim(),
  v.uuid('validation.book.id.invalid'),
  v.toLowerCase(),
)

// Read-only fields of the Book JSON are accepted and ignored, so a client may send a book back as
// it received it; any other unknown field is a 400 (it is most likely a typo). The document shows
// them with the types the Book JSON gives them.
const ignored = (rules: Record<string, unknown>) =>
  v.optional(v.pipe(v.unknown(), documents({ ...rules, readOnly: true, description: BODY_TEXTS.readOnly.message })))
const ignoredText = ignored({ type: 'string', pattern: WELL_FORMED_TEXT })
const readOnly = {
  account_id: ignoredText,
  created_at: ignoredText,
  updated_at: ignoredText,
  started: ignored({ type: 'boolean' }),
  finished: ignored({ type: 'boolean' }),
  status: ignored({ type: 'string', enum: ['not_started', 'reading', 'finished'] }),
  version: ignored({ type: 'integer' }),
}
const editable = {
  title: v.optional(Title),
  author: v.optional(Author),
  rating: v.optional(Rating),
  review: v.optional(Review),
  started_at: v.optional(BookDate),
  finished_at: v.optional(BookDate),
  imageUrl: v.optional(ImageUrl),
  isbn: v.optional(Isbn),
  asin: v.optional(Asin),
  pages: v.optional(Pages),
  year: v.optional(Year),
  position: v.optional(Position),
  added_at: v.optional(AddedAt),
}

/**
 * A book is not finished before it was started (the same day is fine); a missing date is no
 * conflict. The API checks a PATCH that names one date against the stored other one
 * (server/services/books.ts), since only then are both known.
 */
export function datesInOrder(started: string | null | undefined, finished: string | null | undefined): boolean {
  return !started || !finished || started <= finished
}

/**
 * POST /api/books: `{ title, author?, rating?, review?, started_at?, finished_at?, imageUrl?, id? }`
 * or `{ link, id?, … }` where the title (unless given) and ISBN/ASIN come from the retailer URL.
 */
export const CreateBookInput = v.pipe(
  v.strictObject(
    {
      ...editable,
      ...readOnly,
      id: v.optional(BookId),
      source: v.optional(v.picklist(BOOK_SOURCES, 'validation.book.source.invalid')),
      link: v.optional(
        v.pipe(
          v.string('validation.book.link.invalid'),
          documents({ pattern: RETAILER_LINK_PATTERN }),
          v.trim(),
          v.maxLength(BOOK_LIMITS.url, 'validation.book.link.invalid'),
        ),
      ),
    },
    'validation.book.unknown_field',
  ),
  // A title, or a link whose URL carries one; the dates' order is a rule between two fields.
  documents({
    anyOf: [{ required: ['title'] }, { required: ['link'], properties: { link: { pattern: RETAILER_LINK_WITH_TITLE_PATTERN } } }],
    description: BODY_TEXTS.datesInOrder.message,
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const i = dataset.value
    let fromLink: RetailerLink | null = null
    if (i.link !== undefined) {
      fromLink = parseRetailerLink(i.link)
      if (!fromLink) {
        addIssue({
          message: isHttpUrl(i.link) ? 'validation.book.link.unsupported' : 'validation.book.link.invalid',
          path: pathTo(dataset.value, 'link'),
        })
        return NEVER
      }
    }
    const title = i.title ?? fromLink?.title
    if (!title) {
      const field = i.link !== undefined ? 'link' : 'title'
      addIssue({
        message: field === 'link' ? 'validation.book.link.no_title' : 'validation.book.title.required',
        path: pathTo(dataset.value, field),
      })
      return NEVER
    }
    if (!datesInOrder(i.started_at, i.finished_at)) {
      addIssue({ message: 'validation.book.dates.order', path: pathTo(dataset.value, 'finished_at') })
      return NEVER
    }
    // What was given, normalised; the defaults (null fields, ISBN/ASIN and the source from the
    // link, the day added) are the create's rule, applied once by newBook (shared/sync/book-rules.ts).
    const { id, source, link } = i
    return {
      ...givenFields(i),
      ...(id !== undefined ? { id } : {}),
      ...(source !== undefined ? { source } : {}),
      ...(link !== undefined ? { link } : {}),
      title: truncate(title, BOOK_LIMITS.title),
    }
  }),
)
export type CreateBookInput = v.InferOutput<typeof CreateBookInput>
export type CreateBookRaw = v.InferInput<typeof CreateBookInput>

/** PATCH /api/books/:id: only the fields named change (field-level merge). */
export const UpdateBookInput = v.pipe(
  v.strictObject(
    { ...editable, ...readOnly, id: ignoredText, source: ignoredText },
    'validation.book.unknown_field',
  ),
  // At least one field a reader writes; the dates' order also holds against the stored dates.
  documents({
    anyOf: EDITABLE_FIELDS.map((f) => ({ required: [f] })),
    description: BODY_TEXTS.datesInOrderAlone.message,
  }),
  v.transform(givenFields),
  v.check((o) => Object.keys(o).length > 0, 'validation.book.nothing_to_update'),
  v.rawCheck(({ dataset, addIssue }) => {
    if (dataset.typed && !datesInOrder(dataset.value.started_at, dataset.value.finished_at)) {
      addIssue({ message: 'validation.book.dates.order', path: pathTo(dataset.value, 'finished_at') })
    }
  }),
)
export type UpdateBookInput = v.InferOutput<typeof UpdateBookInput>
export type UpdateBookRaw = v.InferInput<typeof UpdateBookInput>

function pathTo(input: Record<string, unknown>, key: string): [v.ObjectPathItem] {
  return [{ type: 'object', origin: 'value', input, key, value: input[key] }]
}

// ---------------------------------------------------------------------------------------------
// Retailer links: the title and ISBN/ASIN come from the URL alone, never fetched.

export interface RetailerLink {
  retailer: 'amazon' | 'bookshop' | 'barnesandnoble' | 'goodreads'
  title: string | null
  isbn: string | null
  asin: string | null
}

const AMAZON_HOST =
  /(^|\.)amazon\.(com|ca|com\.mx|com\.br|co\.uk|de|fr|es|it|nl|se|pl|com\.be|com\.tr|ae|sa|eg|in|co\.jp|sg|com\.au|cn)$/
const ASIN = '([A-Za-z0-9]{10})'
const AMAZON_PATHS = [
  new RegExp(`^/(?:-/[a-z]{2}/)?(?:([^/]+)/)?dp/${ASIN}(?:[/?]|$)`),
  new RegExp(`^/(?:([^/]+)/)?gp/product/${ASIN}(?:[/?]|$)`),
  new RegExp(`^/gp/aw/d/${ASIN}(?:[/?]|$)`),
  new RegExp(`^/exec/obidos/(?:ASIN|tg/detail/-)/${ASIN}(?:[/?]|$)`),
  new RegExp(`^/o/ASIN/${ASIN}(?:[/?]|$)`),
]

/** Parses a retailer product URL; null when it is not one we can read. */
export function parseRetailerLink(link: string): RetailerLink | null {
  let url: URL
  try {
    url = new URL(link.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const host = url.hostname.toLowerCase().replace(/^www\./, '')
  const path = url.pathname

  if (AMAZON_HOST.test(host)) {
    for (const re of AMAZON_PATHS) {
      const m = re.exec(path)
      if (!m) continue
      const asin = m[m.length - 1]!.toUpperCase()
      const slug = m.length > 2 ? m[1] : undefined
      return { retailer: 'amazon', title: slugTitle(slug), isbn: isIsbn10(asin) ? asin : null, asin }
    }
    return null
  }
  const ean = url.searchParams.get('ean') ?? url.searchParams.get('isbn')
  const isbn13 = ean && isIsbn13(ean.replace(/-/g, '')) ? ean.replace(/-/g, '') : null
  if (host === 'bookshop.org') {
    // /p/books/<slug>/<id>?ean=978…, or /a/<shop>/<isbn13> without a slug
    const m = /^\/(?:p\/)?books\/([^/]+)\/[^/]+/.exec(path)
    const a = /^\/a\/[^/]+\/(\d{13})/.exec(path)
    const isbn = isbn13 ?? (a && isIsbn13(a[1]!) ? a[1]! : null)
    if (!m && !isbn) return null
    return { retailer: 'bookshop', title: slugTitle(m?.[1]), isbn, asin: null }
  }
  if (host === 'barnesandnoble.com') {
    const m = /^\/w\/([^/]+)\/[^/]+/.exec(path)
    if (!m) return null
    return { retailer: 'barnesandnoble', title: slugTitle(m[1]), isbn: isbn13, asin: null }
  }
  if (host === 'goodreads.com') {
    // /book/show/<id>.<Title_Words> or /book/show/<id>-<title-words>
    const m = /^\/book\/show\/\d+(?:[.-]([^/?]+))?/.exec(path)
    if (!m) return null
    return { retailer: 'goodreads', title: slugTitle(m[1]), isbn: null, asin: null }
  }
  return null
}

function slugTitle(slug: string | undefined): string | null {
  if (!slug) return null
  let text: string
  try {
    text = decodeURIComponent(slug)
  } catch {
    text = slug
  }
  text = text
    .replace(/[-_+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (!/\p{L}/u.test(text) || /^[A-Za-z0-9]{10}$/.test(text)) return null
  // All-lowercase slugs (bookshop, B&N) read better with capitals; Amazon slugs keep theirs.
  if (text === text.toLowerCase())
    text = text.replace(/(^|\s)(\p{L})/gu, (_, s: string, c: string) => s + c.toUpperCase())
  return truncate(text, BOOK_LIMITS.title)
}

export function isIsbn10(s: string): boolean {
  if (!/^\d{9}[\dX]$/.test(s)) return false
  let sum = 0
  for (let i = 0; i < 10; i++) sum += (s[i] === 'X' ? 10 : Number(s[i])) * (10 - i)
  return sum % 11 === 0
}

export function isIsbn13(s: string): boolean {
  if (!/^97[89]\d{10}$/.test(s)) return false
  let sum = 0
  for (let i = 0; i < 13; i++) sum += Number(s[i]) * (i % 2 === 0 ? 1 : 3)
  return sum % 10 === 0
}

/** The day a book was added; a row stored before `added_at` existed falls back to its creation day. */
export function addedDay(b: { added_at?: string | null; created_at: string }): string {
  return b.added_at ?? b.created_at.slice(0, 10)
}

/** The ISBN-13 of an ISBN-10 or ISBN-13 (Goodreads' ISBN13 column, duplicate checks); else null. */
export function toIsbn13(isbn: string | null | undefined): string | null {
  if (!isbn) return null
  if (isIsbn13(isbn)) return isbn
  if (!isIsbn10(isbn)) return null
  const body = `978${isbn.slice(0, 9)}`
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3)
  return body + String((10 - (sum % 10)) % 10)
}
