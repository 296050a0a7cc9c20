import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import { db, type LocalBook } from '~/client/db'
import { bookIndex, listBooks, type BookSort } from '~/client/sync'
import type { BookStatus } from '~/shared/schemas/book'
import { PAGE } from './first-page'
import { queryWords } from './search'
import type { ListWindow } from './window-range'

// The /books list reads Dexie only (never the network). In "Up next" order without a search or a
// status filter it reads just the rows on screen, page by page, from the position index
// (sync/queries.ts), so 10,000 books cost a few dozen rows per scroll and the first rows show
// at once. A search, a filter or another order reads the in-memory index (sync/book-index.ts),
// which is filled in the background once the list is on screen and then follows every write, so
// a keystroke filters folded text already in memory and never reads the table.

export interface BookList extends ListWindow {
  /** The rows of the list; undefined while loading. Unfiltered, before the account's books are
   *  counted, the rows of the first page. */
  total: number | undefined
  /** Whether `total` is only the first page's rows (the books are being counted). */
  partial: boolean
  /** All books of the account (for "N of M" and the empty state); undefined while loading. */
  all: number | undefined
  /** The book at a list position, when it is loaded. */
  at: (index: number) => LocalBook | undefined
}

const index = bookIndex(db)

/** Starts the index when the browser is idle after the list first shows (or at once when asked):
 *  its reads would otherwise queue in IndexedDB before the first page's. */
function useIndex(now: boolean, shown: boolean) {
  useEffect(() => {
    if (now) return index.start()
    if (!shown) return
    const start = () => index.start()
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(start, 200)
      return () => clearTimeout(timer)
    }
    const idle = requestIdleCallback(start, { timeout: 2000 })
    return () => cancelIdleCallback(idle)
  }, [now, shown])
  // Followed only while it is read (under a search, a filter or another order): the list in "Up
  // next" order reads Dexie's pages, and each write would draw it again for nothing.
  const subscribe = useCallback((changed: () => void) => (now ? index.subscribe(changed) : unfollowed), [now])
  const version = now ? index.getVersion : unfollowed
  return useSyncExternalStore(subscribe, version, version)
}

const unfollowed = () => undefined

/** Whether a book read again has every field as the one on screen. */
function sameFields(a: LocalBook, b: LocalBook): boolean {
  const keys = Object.keys(b) as (keyof LocalBook)[]
  if (keys.length !== Object.keys(a).length) return false
  for (const k of keys) if (a[k] !== b[k]) return false
  return true
}

export function useBookList(
  query: string,
  status: BookStatus | undefined,
  sort: BookSort,
  windowOf: (count: number) => ListWindow,
  /** The account's book count (useListCount), read by the page for its header too. */
  all: number | undefined,
  /** Called once the first page has been read and drawn (the page then counts the books). */
  onFirstPage?: () => void,
  /** The first page read as the route loaded (first-page.ts), shown until the live query answers. */
  firstRows?: LocalBook[] | null,
): BookList {
  // The same words keep the same array ("river" and "river " search once).
  const wordsKey = queryWords(query).join(' ')
  const words = useMemo(() => (wordsKey ? wordsKey.split(' ') : []), [wordsKey])
  const filtered = words.length > 0 || status !== undefined || sort !== 'position'

  // Whole pages around the window, so scrolling a few rows does not start a new query. Under a
  // search or filter the query keeps the last unfiltered window: it is not torn down and set up
  // again by the first keystroke (work inside it), and the list is there at once when cleared.
  const pageWindow = useRef({ offset: 0, limit: PAGE })
  if (!filtered) {
    const { range } = windowOf(all ?? 0)
    const offset = Math.floor(range.start / PAGE) * PAGE
    const limit = Math.max(PAGE, Math.ceil(range.end / PAGE) * PAGE - offset)
    if (pageWindow.current.offset !== offset || pageWindow.current.limit !== limit)
      pageWindow.current = { offset, limit }
  }
  const { offset, limit } = pageWindow.current
  const kept = useRef<Map<string, LocalBook> | null>(null)
  kept.current ??= new Map(firstRows?.map((b) => [b.id, b]))
  const first = offset === 0 && limit === PAGE && firstRows ? { offset, rows: firstRows } : undefined
  const page = useLiveQuery(
    async () => {
      const rows = await listBooks(db, { sort: 'position', offset, limit })
      // A book read again unchanged keeps the object already on screen, so after a save only the
      // rows whose book changed are drawn again (a move re-reads the whole page).
      const before = kept.current!
      const next = new Map<string, LocalBook>()
      const stable = rows.map((row) => {
        const old = before.get(row.id)
        const book = old && sameFields(old, row) ? old : row
        next.set(book.id, book)
        return book
      })
      kept.current = next
      return { offset, rows: stable }
    },
    [offset, limit],
    first,
  )
  const read = page !== undefined
  const version = useIndex(filtered, read)
  // After the paint of the first rows: counting the books walks the whole index, and IndexedDB
  // completes the page's read only after a count running beside it (45 ms at 5,000 books).
  useEffect(() => {
    if (read) onFirstPage?.()
  }, [read, onFirstPage])
  const matches = useMemo(
    () => (filtered && version !== undefined ? index.search({ words, status, sort }) : null),
    [filtered, version, words, status, sort],
  )

  // The same list keeps the same `at`, so the page can tell a new list from a new render.
  const atMatch = useCallback((i: number) => matches?.at(i)?.book, [matches])
  // A page loaded for another offset (the previous window) is not used for this one.
  const atPage = useCallback((i: number) => (page && i >= page.offset ? page.rows[i - page.offset] : undefined), [page])
  // The rows on screen for the count just read (while a count is being read, for the last one).
  // The first page is read in a few ms, while counting the account's books walks the whole index
  // (about 45 ms at 5,000 books, IndexedDB's own time): until the count comes the list is as long
  // as the first page, so the first rows show without waiting for it.
  const pageRows = page && page.offset === 0 && page.rows.length > 0 ? page.rows.length : undefined
  const partial = !filtered && all === undefined
  const total = filtered ? matches?.length : (all ?? pageRows)
  const shown = useRef(0)
  if (total !== undefined) shown.current = total
  return { all, total, partial, at: filtered ? atMatch : atPage, ...windowOf(shown.current) }
}
