import { db, type CatalogLookup, type LocalBook } from '~/client/db'
import { updateBook } from '~/client/sync'
import type { UpdateBookRaw } from '~/shared/schemas/book'
import type { CatalogBook } from '~/shared/schemas/catalog'
import { lookUpIsbn, searchCatalog } from './api'
import { keepCovers } from './keep-covers'

// Books owed a catalogue look-up (decision 49; added offline by hand, or imported without a
// cover) are looked up once the device is online, politely: one at a time, SPACING_MS apart,
// stopping while offline, in one tab at a time (a Web Lock). The queue is local to this device
// (db.lookups; README decision): the accepted fields sync like any edit.

const SPACING_MS = 1500
const RETRY_MS = 60_000
const MAX_TRIES = 5
const LOCK = 'tbr-catalog-lookups'

export async function queueLookups(bookIds: string[], mode: CatalogLookup['mode']) {
  if (!bookIds.length) return
  await db.lookups.bulkPut(bookIds.map((bookId) => ({ bookId, mode, state: 'pending' as const, tries: 0 })))
  kick()
}

let running = false
let retryTimer: ReturnType<typeof setTimeout> | undefined

/** Starts (or wakes) the look-ups; call at app start and after queueing. */
export function startCatalogLookups() {
  window.addEventListener('online', kick)
  kick()
}

function kick() {
  if (running || !navigator.onLine) return
  running = true
  clearTimeout(retryTimer)
  const work = () =>
    drain()
      .then(keepCovers)
      .finally(() => (running = false))
  void (navigator.locks ? navigator.locks.request(LOCK, { ifAvailable: true }, (lock) => (lock ? work() : (running = false))) : work())
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function drain() {
  while (navigator.onLine) {
    const next = await db.lookups.where('state').equals('pending').first()
    if (!next) return
    const book = await db.books.get(next.bookId)
    if (!book) {
      await db.lookups.delete(next.bookId)
      continue
    }
    const r = book.isbn
      ? await lookUpIsbn(book.isbn)
      : await searchCatalog([book.title, book.author ?? ''].join(' ').trim().slice(0, 200))
    if (!r.ok) {
      if (r.offline) return
      // The catalogue is down or busy: try this one again later, give up after a few tries.
      const tries = next.tries + 1
      await db.lookups.update(next.bookId, tries >= MAX_TRIES ? { state: 'done', tries } : { tries })
      retryTimer = setTimeout(kick, RETRY_MS)
      return
    }
    const match = Array.isArray(r.data) ? bestMatch(r.data, book, next.mode) : r.data
    if (next.mode === 'fill') {
      const fill = match ? emptyFieldsFrom(book, match) : {}
      if (Object.keys(fill).length) await updateBook(book.id, fill)
      await db.lookups.update(next.bookId, { state: 'done', match: match ?? null })
    } else {
      await db.lookups.update(next.bookId, { state: match ? 'proposed' : 'done', match: match ?? null })
    }
    await sleep(SPACING_MS)
  }
}

const simple = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/** The result whose title is the book's (ignoring case, accents and punctuation); for a proposal
 *  the first result will do too — the reader decides. An import is filled only on a sure match. */
function bestMatch(results: CatalogBook[], book: LocalBook, mode: CatalogLookup['mode']): CatalogBook | null {
  const title = simple(book.title)
  const same = results.find((r) => simple(r.title) === title)
  return same ?? (mode === 'propose' ? (results[0] ?? null) : null)
}

/** Only what the book lacks: cover, pages, year (and the ISBN, author when empty). */
function emptyFieldsFrom(book: LocalBook, m: CatalogBook): UpdateBookRaw {
  const out: UpdateBookRaw = {}
  if (!book.imageUrl && m.imageUrl) out.imageUrl = m.imageUrl
  if (book.pages == null && m.pages != null) out.pages = m.pages
  if (book.year == null && m.year != null) out.year = m.year
  if (!book.isbn && m.isbn) out.isbn = m.isbn
  if (!book.author && m.author) out.author = m.author
  return out
}

/** The reader accepts the proposed match: its cover, ISBN, pages and year, the author if empty. */
export async function acceptMatch(book: LocalBook, m: CatalogBook) {
  const change: UpdateBookRaw = { ...emptyFieldsFrom(book, m) }
  if (m.imageUrl) change.imageUrl = m.imageUrl
  if (m.pages != null) change.pages = m.pages
  if (m.year != null) change.year = m.year
  if (m.isbn) change.isbn = m.isbn
  if (Object.keys(change).length) await updateBook(book.id, change)
  await db.lookups.update(book.id, { state: 'done' })
}

/** "Not this book": remembered, never proposed again. */
export function refuseMatch(bookId: string) {
  return db.lookups.update(bookId, { state: 'refused' })
}
