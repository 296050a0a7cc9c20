import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { billingAccounts, paymentMethods } from '../../db/schema'

// The local provider's hand controls outside production (routes/dev-billing.ts): the account's
// billing clock and the behaviour of its card on file.

/** Moves the account's billing time `days` forward (its first billing row if it has none). */
export async function advanceBillingClock(db: Db, accountId: string, days: number) {
  await db
    .insert(billingAccounts)
    .values({ accountId, provider: 'local', clockOffsetDays: days })
    .onConflictDoUpdate({
      target: billingAccounts.accountId,
      set: { clockOffsetDays: sql`${billingAccounts.clockOffsetDays} + ${days}` },
    })
}

/** The card on file succeeds, is declined, or asks for authentication on its next charges. */
export async function setCardBehaviour(db: Db, accountId: string, paymentMethodId: string, behaviour: string) {
  await db
    .update(paymentMethods)
    .set({ behaviour })
    .where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.accountId, accountId)))
}
