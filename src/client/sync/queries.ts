import type { LocalBook, TbrDatabase } from '~/client/db'
import { addedDay, type BookStatus } from '~/shared/schemas/book'
import { keyed, newestFirst, unkeyed, upNext } from './order'

// Reads of synced data, without React (hooks.ts wraps them in live queries).

/** /books sort orders: newest first (the index order), "Up next", date added,
 *  title, author, rating. */
export const BOOK_SORTS = ['created', 'position', 'added', 'title', 'author', 'rating'] as const
export type BookSort = (typeof BOOK_SORTS)[number]

export interface BookQuery {
  status?: BookStatus
  /** Default: newest first. */
  sort?: BookSort
  /** A page: at most `limit` books after skipping `offset`. Default: all. */
  limit?: number
  offset?: number
}

/**
 * The signed-in account's books in the order asked. Newest first and "Up next" read pages in
 * index order (no sort in JS); other orders and filtered "Up next" sort in memory. Rows of
 * another account (waiting for a switch back) are never included.
 */
export function listBooks(d: TbrDatabase, q: BookQuery = {}): Promise<LocalBook[]> {
  return d.transaction('r', [d.books, d.user], async () => {
    const me = await d.user.get('me')
    if (!me) return []
    const sort = q.sort ?? 'created'
    if (sort === 'created') return newestPage(d, me.account_id, q)
    if (sort === 'position' && !q.status) return upNextPage(d, me.account_id, q.offset ?? 0, q.limit)
    let rows = await d.books.where('account_id').equals(me.account_id).toArray()
    if (q.status) rows = rows.filter((b) => b.status === q.status)
    rows.sort(COMPARE[sort])
    const start = q.offset ?? 0
    return rows.slice(start, q.limit === undefined ? undefined : start + q.limit)
  })
}

function newestPage(d: TbrDatabase, accountId: string, q: BookQuery) {
  let rows = d.books
    .where('[account_id+created_at]')
    .between([accountId, ''], [accountId, '\uffff'], true, true)
    .reverse()
  if (q.status) rows = rows.filter((b) => b.status === q.status)
  if (q.offset) rows = rows.offset(q.offset)
  if (q.limit !== undefined) rows = rows.limit(q.limit)
  return rows.toArray()
}

/** One page of "Up next": keyed books from the index, then the unkeyed ones when reached. A
 *  list with no key yet (books from before positions existed) is newest first: the index. */
async function upNextPage(d: TbrDatabase, accountId: string, offset: number, limit: number | undefined) {
  // The page first: a full page of keyed books is the answer, and counting the keyed books (a
  // walk of the whole index) would hold the first screenful of a long list for nothing.
  let page = keyed(d, accountId).offset(offset)
  if (limit !== undefined) page = page.limit(limit)
  const rows = await page.toArray()
  if (limit !== undefined && rows.length === limit) return rows
  const keyedCount = offset === 0 && rows.length === 0 ? 0 : await keyed(d, accountId).count()
  if (keyedCount === 0) return newestPage(d, accountId, { offset, limit })
  const skip = Math.max(0, offset - keyedCount)
  const rest = (await unkeyed(d, accountId)).slice(skip)
  return rows.concat(limit === undefined ? rest : rest.slice(0, limit - rows.length))
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })
const text = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : collator.compare(a, b)

/** The order of each sort, for lists sorted in memory ('created': the newest-first index's). */
export const COMPARE: Record<BookSort, (a: LocalBook, b: LocalBook) => number> = {
  created: (a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.created_at < b.created_at ? 1 : -1),
  position: upNext,
  added: (a, b) => (addedDay(a) === addedDay(b) ? newestFirst(a, b) : addedDay(a) < addedDay(b) ? 1 : -1),
  title: (a, b) => text(a.title, b.title) || upNext(a, b),
  author: (a, b) => text(a.author, b.author) || text(a.title, b.title) || upNext(a, b),
  // Highest first; unrated books last.
  rating: (a, b) => (b.rating ?? 0) - (a.rating ?? 0) || upNext(a, b),
}

/** How many books the signed-in account has (for "N books" and pagers). */
export function countBooks(d: TbrDatabase): Promise<number> {
  return d.transaction('r', [d.books, d.user], async () => {
    const me = await d.user.get('me')
    return me ? d.books.where('account_id').equals(me.account_id).count() : 0
  })
}
