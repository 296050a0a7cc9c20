import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { SubscriptionStatus } from '~/shared/schemas/billing'
import type { Deps } from '../../context'
import type { Tx } from '../../db/client'
import { billingAccounts, invoices } from '../../db/schema'
import { log } from '../../lib/log'
import {
  clockNow,
  currentCard,
  lockBilling,
  openInvoice,
  setAccountPlan,
  updateBilling,
  type CardRow,
} from '../billing/records'
import { paymentProblem, type RenewalResult } from '../billing/payment-mails'
import { issueInvoice, planPeriod } from './local'
import { LIVE_STATUSES } from './types'

// Local renewals, run by the hourly maintenance and at once by the dev clock.
// At the end of a period: a pending cancel ends the paid plan (free, features gone); otherwise a
// new period starts, billed for the members counted now, and charged to the card on file. A card
// that stopped working leaves the invoice open and the subscription past_due (or
// requires_action); a working card (or a new one: PATCH /api/account/card) pays it later; unpaid
// for PAST_DUE_DAYS, the subscription is canceled, as Stripe's default retry schedule ends.

export const PAST_DUE_DAYS = 14
const DAY = 86_400_000

/** Renews every local subscription whose period ended by its account's clock (or only `accountId`'s). */
export async function runLocalRenewals(deps: Deps, accountId?: string): Promise<RenewalResult[]> {
  const due = await deps.db
    .select({ accountId: billingAccounts.accountId })
    .from(billingAccounts)
    .where(
      and(
        eq(billingAccounts.provider, 'local'),
        inArray(billingAccounts.status, [...LIVE_STATUSES]),
        or(
          sql`${billingAccounts.currentPeriodEnd} <= now() + make_interval(days => ${billingAccounts.clockOffsetDays})`,
          inArray(billingAccounts.status, ['past_due', 'requires_action', 'requires_payment_method']),
        ),
        accountId ? eq(billingAccounts.accountId, accountId) : undefined,
      ),
    )
  const results: RenewalResult[] = []
  for (const { accountId: id } of due) {
    try {
      results.push({ accountId: id, ...(await deps.db.transaction((tx) => renewAccount(deps, tx, id))) })
    } catch (err) {
      log.error(`renewal of account ${id} failed`, err)
    }
  }
  return results
}

/** Works at `at`: not marked failing (POST /api/dev/card) and not expired (end of its expiry month). */
const cardWorks = (card: CardRow | null, at: Date) =>
  card !== null && card.behaviour === 'succeed' && Date.UTC(card.expYear, card.expMonth, 1) > at.getTime()

/** Brings one account up to its clock; answers whether its paid plan ended or its payment failed (for the mails). */
async function renewAccount(deps: Deps, tx: Tx, accountId: string): Promise<Omit<RenewalResult, 'accountId'>> {
  let row = await lockBilling(tx, accountId, 'local')
  const before = row.status
  const now = clockNow(row)
  const done = (endedPlan = false) => ({ endedPlan, problem: paymentProblem(before, row.status) })
  // Periods are replayed one by one, so a clock moved 65 days renews twice.
  for (let i = 0; i < 120; i++) {
    const card = await currentCard(tx, row)
    if (row.status !== 'active' && row.status !== 'trialing') {
      const open = await openInvoice(tx, accountId)
      const failedAt = row.pastDueSince ?? row.currentPeriodStart ?? now
      if (open && cardWorks(card, now)) {
        await tx.update(invoices).set({ status: 'paid', paidAt: now }).where(and(eq(invoices.id, open.id), eq(invoices.accountId, accountId)))
        row = await updateBilling(tx, accountId, { status: 'active', pastDueSince: null })
        await setAccountPlan(tx, accountId, row.plan!, 'active')
        continue
      }
      if (now.getTime() - failedAt.getTime() >= PAST_DUE_DAYS * DAY) {
        if (open) await tx.update(invoices).set({ status: 'uncollectible' }).where(and(eq(invoices.id, open.id), eq(invoices.accountId, accountId)))
        row = await updateBilling(tx, accountId, { status: 'canceled', cancelAtPeriodEnd: false })
        await setAccountPlan(tx, accountId, row.plan!, 'canceled')
      }
      return done()
    }
    if (!row.currentPeriodEnd || row.currentPeriodEnd > now) return done()
    // A cheaper plan chosen during the period takes over with the new one.
    const plan = deps.plans.find((p) => p.id === (row.pendingPlan ?? row.plan) && p.price > 0)
    if (row.cancelAtPeriodEnd || !plan) {
      // The change to free takes effect at the end of the period.
      await updateBilling(tx, accountId, { status: null, plan: null, pendingPlan: null, subscriptionId: null, cancelAtPeriodEnd: false, currentPeriodStart: null, currentPeriodEnd: null, pastDueSince: null })
      await setAccountPlan(tx, accountId, 'free', 'active')
      return { endedPlan: true, problem: null }
    }
    const start = row.currentPeriodEnd
    const period = await planPeriod(tx, accountId, plan, start)
    const paid = cardWorks(card, start)
    await issueInvoice(tx, accountId, row.customerId!, { ...period, paid, at: start })
    const status: SubscriptionStatus = paid ? 'active' : card?.behaviour === 'authenticate' ? 'requires_action' : 'past_due'
    row = await updateBilling(tx, accountId, { ...period.fields, status, pastDueSince: paid ? null : start })
    await setAccountPlan(tx, accountId, plan.id, status)
  }
  return done()
}
