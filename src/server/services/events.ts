import type { Db, Tx } from '../db/client'
import { events } from '../db/schema'
import { newId } from '../lib/crypto'

/** Records one product event (a sign-in method set up, an account closed…) for a user in an account. */
export async function recordEvent(
  db: Db | Tx,
  e: { name: string; metadata?: Record<string, unknown> | null; userId: string; accountId: string },
) {
  await db.insert(events).values({
    id: newId(),
    name: e.name,
    metadata: e.metadata ?? null,
    userId: e.userId,
    accountId: e.accountId,
  })
}
