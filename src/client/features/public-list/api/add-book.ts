import { send } from '~/client/lib/http'

/** How an "Add to my list" ended: the book was added, it was on the list already, or it failed. */
export type AddOutcome = 'added' | 'already' | null

/**
 * POST /api/add/{bookId}: copies a public book into the signed-in visitor's own list.
 * The Idempotency-Key makes a double click or a retried request add the book once.
 * A book already on the list is not added again: the server answers `already: true`.
 * Answers the server's translated message and whether the book was there already.
 */
export async function addFromPublicList(bookId: string, key: string = crypto.randomUUID()) {
  const res = await send<{ id: string; already?: boolean }>('post', `add/${encodeURIComponent(bookId)}`, undefined, {
    headers: { 'Idempotency-Key': key },
  })
  return { message: res.message, already: res.data?.already === true }
}
