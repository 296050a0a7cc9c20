import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import { db, type LocalBook } from '~/client/db'
import { listBooks, useBookCount, type BookSort } from '~/client/sync'
import type { BookStatus } from '~/shared/schemas/book'
import { matchesWords, queryWords } from './search'
import type { Range } from './window-range'

// The /books list reads Dexie only (never the network). In "Up next" order without a search or a
// status filter it reads just the rows on screen, page by page, from the position index
// (sync/queries.ts), so 10,000 books cost a few dozen rows per scroll. A search, a filter or
// another order reads the account's books once per change, sorted, and filters them in memory
// as the reader types.

const PAGE = 50

export interface BookList {
  /** undefined while loading. */
  total: number | undefined
  /** All books of the account (for "N of M" and the empty state); undefined while loading. */
  all: number | undefined
  /** The book at a list position, when it is loaded. */
  at: (index: number) => LocalBook | undefined
}

export function useBookList(query: string, status: BookStatus | undefined, sort: BookSort, range: Range): BookList {
  const words = useMemo(() => queryWords(query), [query])
  const filtered = words.length > 0 || status !== undefined || sort !== 'position'
  const all = useBookCount()

  // Whole pages around the window, so scrolling a few rows does not start a new query.
  const offset = Math.floor(range.start / PAGE) * PAGE
  const limit = Math.max(PAGE, Math.ceil(range.end / PAGE) * PAGE - offset)
  const page = useLiveQuery(
    async () => (filtered ? null : { offset, rows: await listBooks(db, { sort, offset, limit }) }),
    [filtered, sort, offset, limit],
  )
  const matching = useLiveQuery(
    async () => (filtered ? { status, sort, rows: await listBooks(db, { status, sort }) } : null),
    [filtered, status, sort],
  )
  // The previous filter's rows are not shown under the new filter while it loads.
  const current = matching && matching.status === status && matching.sort === sort ? matching.rows : null
  const matches = useMemo(() => (current ? current.filter((b) => matchesWords(b, words)) : null), [current, words])

  if (filtered) {
    return { all, total: matches?.length, at: (i) => matches?.[i] }
  }
  return {
    all,
    total: all,
    // A page loaded for another offset (the previous window) is not used for this one.
    at: (i) => (page && i >= page.offset ? page.rows[i - page.offset] : undefined),
  }
}
