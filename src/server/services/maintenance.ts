import { and, isNotNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { oneTimeTokens, rateLimits, sessions } from '../db/schema'
import { log } from '../lib/log'

// Deletes rows that can no longer matter: finished rate-limit windows, used or expired one-time
// tokens, and sessions revoked or expired a week ago (kept a while for support questions).
// Idempotency records are pruned by the books service; book tombstones are kept (sync.md).
// Any process may run it; running it twice at once is harmless.
export async function pruneExpired(db: Db) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`))
  await db
    .delete(oneTimeTokens)
    .where(or(lt(oneTimeTokens.expiresAt, sql`now() - interval '1 day'`), isNotNull(oneTimeTokens.usedAt)))
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, sql`now() - interval '7 days'`),
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, sql`now() - interval '7 days'`)),
      ),
    )
}

const HOUR = 3600_000

/** Prunes now and then every hour, without keeping the process alive. */
export function schedulePruning(db: Db) {
  const run = () => pruneExpired(db).catch((err) => log.error('pruning failed', err))
  void run()
  setInterval(run, HOUR).unref()
}
