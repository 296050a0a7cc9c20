import { db, type LocalBook } from '~/client/db'
import { listBooks } from '~/client/sync'

/** The list reads whole pages of this many rows ("Up next" order, use-book-list.ts). */
export const PAGE = 50

/**
 * The first page of the list, read by the /books route as it loads: beside the download of the
 * list's code and before the list's first render, which then has its rows at once instead of
 * drawing placeholders and asking IndexedDB only once it is on screen (an offline cold start
 * waited for that read after the first render). The list's live query follows it from there.
 * null when the device cannot read IndexedDB (the list then reads as it does on its own).
 */
export async function readFirstPage(): Promise<LocalBook[] | null> {
  return listBooks(db, { sort: 'position', offset: 0, limit: PAGE }).catch(() => null)
}
