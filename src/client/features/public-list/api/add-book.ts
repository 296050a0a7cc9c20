import { send } from '~/client/lib/http'

/**
 * spec §1, §7 POST /api/add/{bookId}: copies a public book into the signed-in visitor's own list.
 * The Idempotency-Key makes a double click or a retried request add the book once (decisions §6).
 * Answers the server's translated message.
 */
export async function addFromPublicList(bookId: string, key: string = crypto.randomUUID()) {
  const res = await send('post', `add/${encodeURIComponent(bookId)}`, undefined, {
    headers: { 'Idempotency-Key': key },
  })
  return res.message
}
