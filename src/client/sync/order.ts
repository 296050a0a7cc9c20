import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing'
import type { LocalBook, TbrDatabase } from '~/client/db'

// "Up next" (decision 35): books carry a fractional-index key; the list is the keyed books in
// key order (ties by id, as IndexedDB's index and the server's `order by … id` break them),
// then books from before keys existed, newest first. Keys compare as plain strings
// (code units), the order of IndexedDB and of `collate "C"` on the server.

const HIGH = '\uffff'

/** The account's keyed books in key order (IndexedDB leaves null keys out of the index). */
export const keyed = (d: TbrDatabase, accountId: string) =>
  d.books.where('[account_id+position]').between([accountId, ''], [accountId, HIGH], true, true)

/** Books without a key, in the order they are listed (after every keyed one). */
export async function unkeyed(d: TbrDatabase, accountId: string): Promise<LocalBook[]> {
  const rows = await d.books
    .where('account_id')
    .equals(accountId)
    .filter((b) => b.position == null)
    .toArray()
  return rows.sort(newestFirst)
}

export function newestFirst(a: LocalBook, b: LocalBook) {
  return a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** The up-next comparison of two books (for lists sorted in memory). */
export function upNext(a: LocalBook, b: LocalBook) {
  const pa = a.position ?? null
  const pb = b.position ?? null
  if (pa === null || pb === null) return pa === pb ? newestFirst(a, b) : pa === null ? 1 : -1
  return pa < pb ? -1 : pa > pb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** The first key of the account (a new book goes before it). */
export async function firstPosition(d: TbrDatabase, accountId: string): Promise<string | null> {
  return (await keyed(d, accountId).first())?.position ?? null
}

/** YYYY-MM-DD of the reader's own calendar day. */
export function localDay(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`
}

/**
 * The keys that put book `id` just below book `after` (null: on top). Usually one key, between
 * `after` and the next distinct key. When `after` has no key yet, the unkeyed books down to it
 * get keys after the last keyed book first, so nothing above the landing place moves. Null when
 * a book is missing.
 */
export async function planMove(
  d: TbrDatabase,
  accountId: string,
  id: string,
  after: string | null,
): Promise<[string, string][] | null> {
  const moved = await d.books.get(id)
  if (!moved || moved.account_id !== accountId) return null
  if (after === null) {
    const first = await keyed(d, accountId)
      .filter((b) => b.id !== id)
      .first()
    return [[id, generateKeyBetween(null, first?.position ?? null)]]
  }
  const above = await d.books.get(after)
  if (!above || above.account_id !== accountId) return null
  if (above.position != null) {
    const next = await d.books
      .where('[account_id+position]')
      .between([accountId, above.position], [accountId, HIGH], false, true)
      .filter((b) => b.id !== id)
      .first()
    return [[id, generateKeyBetween(above.position, next?.position ?? null)]]
  }
  const waiting = (await unkeyed(d, accountId)).filter((b) => b.id !== id)
  const upTo = waiting.findIndex((b) => b.id === after)
  const last = await keyed(d, accountId)
    .filter((b) => b.id !== id)
    .last()
  const keys = generateNKeysBetween(last?.position ?? null, null, upTo + 2)
  const plan: [string, string][] = waiting.slice(0, upTo + 1).map((b, i) => [b.id, keys[i]!])
  plan.push([id, keys[upTo + 1]!])
  return plan
}
