import type { LocalBook, TbrDatabase } from '~/client/db'
import type { BookStatus } from '~/shared/schemas/book'

// Reads of synced data, without React (hooks.ts wraps them in live queries).

export interface BookQuery {
  status?: BookStatus
  /** A page: at most `limit` books after skipping `offset` (newest first). Default: all. */
  limit?: number
  offset?: number
}

/**
 * The signed-in account's books, newest first, read in index order (no sort in JS). Rows of
 * another account (waiting for a switch back) are never included.
 */
export function listBooks(d: TbrDatabase, q: BookQuery = {}): Promise<LocalBook[]> {
  return d.transaction('r', [d.books, d.user], async () => {
    const me = await d.user.get('me')
    if (!me) return []
    let rows = d.books
      .where('[account_id+created_at]')
      .between([me.account_id, ''], [me.account_id, '\uffff'], true, true)
      .reverse()
    if (q.status) rows = rows.filter((b) => b.status === q.status)
    if (q.offset) rows = rows.offset(q.offset)
    if (q.limit !== undefined) rows = rows.limit(q.limit)
    return rows.toArray()
  })
}

/** How many books the signed-in account has (for "N books" and pagers). */
export function countBooks(d: TbrDatabase): Promise<number> {
  return d.transaction('r', [d.books, d.user], async () => {
    const me = await d.user.get('me')
    return me ? d.books.where('account_id').equals(me.account_id).count() : 0
  })
}
