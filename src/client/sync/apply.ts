import type { LocalBook, OutboxEntry, TbrDatabase } from '~/client/db'
import { withDerived, type Book } from '~/shared/schemas/book'
import { mergePatch, newBook, type CreateFields } from '~/shared/sync/book-rules'

// How a pending mutation shows locally: the same rule for the optimistic write and for the
// rebase after a pull (tldraw: one mutation definition, applied on the client and the server).

/** The row after `entry`: a row, null when deleted, undefined when the entry does not apply. */
export function applyEntry(row: LocalBook | undefined, entry: OutboxEntry): LocalBook | null | undefined {
  switch (entry.kind) {
    case 'book.create': {
      // The server's copy, when we have it, already includes this create.
      if (row) return { ...row, sync: 'pending' }
      // The create's defaults are the server's (shared/sync/book-rules.ts); the app always sends
      // position and added_at (mutations.ts), and version 0 means "not yet on the server".
      const at = { id: entry.entityId, accountId: entry.accountId, now: entry.createdAt, version: 0 }
      return withDerived({ ...newBook(entry.payload as CreateFields, at), sync: 'pending' as const })
    }
    case 'book.update':
      if (!row) return undefined
      return { ...mergePatch(row, entry.payload, entry.createdAt), sync: 'pending' as const }
    case 'book.delete':
      return row ? null : undefined
    default:
      return undefined
  }
}

/**
 * Re-applies the pending book mutations (all of them, or those touching `ids`) on top of what
 * is in `books` now. Call inside a rw transaction over books and outbox. Ids in `tombstoned`
 * were deleted on the server: a pending create never brings them back (delete wins).
 */
export async function rebase(d: TbrDatabase, ids: Iterable<string> | 'all', tombstoned: Set<string> = new Set()) {
  const entries =
    ids === 'all'
      ? await d.outbox.orderBy('seq').toArray()
      : (
          await d.outbox
            .where('entityId')
            .anyOf([...ids])
            .toArray()
        ).sort((a, b) => a.seq! - b.seq!)
  const rows = new Map<string, LocalBook | null>()
  for (const e of entries) {
    if (!e.kind.startsWith('book.')) continue
    if (e.kind === 'book.create' && tombstoned.has(e.entityId)) continue
    const current = rows.has(e.entityId) ? (rows.get(e.entityId) ?? undefined) : await d.books.get(e.entityId)
    const next = applyEntry(current, e)
    if (next !== undefined) rows.set(e.entityId, next)
  }
  const puts = [...rows.values()].filter((r): r is LocalBook => r !== null)
  const dels = [...rows].filter(([, r]) => r === null).map(([id]) => id)
  if (puts.length) await d.books.bulkPut(puts)
  if (dels.length) await d.books.bulkDelete(dels)
}

/** The server's copies, marked synced. */
export function fromServer(books: Book[]): LocalBook[] {
  return books.map((b) => ({ ...b, sync: 'synced' as const }))
}
