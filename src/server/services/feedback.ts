import type { Db } from '../db/client'
import { feedback } from '../db/schema'
import { newId } from '../lib/crypto'

/** Keeps one rating (and its comment, if any) from a user in an account. */
export async function saveFeedback(
  db: Db,
  f: { rating: string; comment?: string | null; userId: string; accountId: string },
) {
  await db.insert(feedback).values({
    id: newId(),
    rating: f.rating,
    comment: f.comment ? f.comment : null,
    userId: f.userId,
    accountId: f.accountId,
  })
}
