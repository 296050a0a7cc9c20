import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm'
import type { Deps } from '../context'
import type { Db } from '../db/client'
import { accounts, catalogCache, memberships, oneTimeTokens, rateLimits, sessions, users } from '../db/schema'
import { log } from '../lib/log'
import { notifyPlanUpdated } from './notifications'
import { renewalMails } from './billing/payment-mails'
import { runLocalRenewals } from './payments/local-renewals'

// Deletes rows that can no longer matter: finished rate-limit windows, used or expired one-time
// tokens, expired catalogue answers, and sessions revoked or expired a week ago (kept a while for support questions).
// Idempotency records are pruned by the books service; book tombstones are kept.
// Any process may run it; running it twice at once is harmless.
export async function pruneExpired(db: Db) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`))
  await db.delete(catalogCache).where(lt(catalogCache.expiresAt, sql`now()`))
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

/**
 * Prunes and renews local subscriptions now and then every hour, without keeping
 * the process alive. Several processes may renew at once: each account's renewal locks its row.
 */
export function scheduleMaintenance(deps: Deps) {
  const run = async () => {
    await pruneExpired(deps.db).catch((err) => log.error('pruning failed', err))
    if (deps.payments.kind !== 'local') return
    await runLocalRenewals(deps)
      .then((renewed) => renewalMails(deps, renewed))
      .catch((err) => log.error('renewals failed', err))
  }
  void run()
  setInterval(run, HOUR).unref()
}

/** plan_updated to each owner whose paid plan ended at the end of its period (now on free). */
export async function endedPlanMails(deps: Deps, renewed: { accountId: string; endedPlan: boolean }[]) {
  const free = deps.plans[0]!.name
  for (const { accountId } of renewed.filter((r) => r.endedPlan)) {
    const owners = await deps.db
      .select({ user: users, account: accounts.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(and(eq(memberships.accountId, accountId), eq(memberships.role, 'owner')))
    for (const o of owners) await notifyPlanUpdated(deps, o.user, o.account, free)
  }
}
