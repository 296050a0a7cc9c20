import { and, eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { SubscriptionStatus } from '~/shared/schemas/billing'
import type { Deps } from '../../context'
import type { Db, Tx } from '../../db/client'
import { billingAccounts, invoices, paymentMethods } from '../../db/schema'
import { paymentProblem } from '../billing/payment-mails'
import { lockBilling, setAccountPlan, updateBilling } from '../billing/records'
import { cardFromStripe, INVOICE_RANK, invoiceFromStripe, subscriptionFromStripe } from './stripe-mapping'
import { isLive } from './types'

// Stripe's objects written into our billing records, from the SDK's answers and from webhooks
// alike. Deliveries may come late, twice or out of order: a subscription keeps the `created` time
// of the newest event applied and skips older ones; an invoice's status only moves forward.

export const nowSeconds = () => Math.floor(Date.now() / 1000)

/** The account whose Stripe customer this is (our customers carry metadata.account_id too). */
export async function accountOfCustomer(db: Db | Tx, customerId: string | null, fallback?: string | null) {
  if (customerId) {
    const [row] = await db.select({ id: billingAccounts.accountId }).from(billingAccounts).where(eq(billingAccounts.customerId, customerId))
    if (row) return row.id
  }
  if (!fallback) return null
  const [row] = await db.select({ id: billingAccounts.accountId }).from(billingAccounts).where(eq(billingAccounts.accountId, fallback))
  return row?.id ?? null
}

/** Answers the account and whether its paid plan ended (for the plan_updated mail), or null when not ours or stale. */
export async function applySubscription(deps: Deps, tx: Tx, sub: Stripe.Subscription, eventAt: number) {
  const f = subscriptionFromStripe(sub, deps.plans)
  const accountId = await accountOfCustomer(tx, f.customerId, f.accountId)
  if (!accountId) return null
  const row = await lockBilling(tx, accountId, 'stripe')
  const current = row.subscriptionId === sub.id
  if (current && row.stripeEventAt !== null && eventAt < row.stripeEventAt) return null
  // Events of a subscription the account has since replaced change nothing.
  if (!current && row.subscriptionId && isLive(row.status)) return null
  const mark = { stripeEventAt: Math.max(eventAt, current ? (row.stripeEventAt ?? 0) : 0) }

  // Not started: a first payment waiting for 3-D Secure, or one that expired. The account's plan stays.
  if (f.status === null || (f.status === 'requires_action' && !isLive(row.status))) {
    await updateBilling(tx, accountId, { ...mark, subscriptionId: f.status === null ? null : sub.id })
    return { accountId, endedPlan: false }
  }
  if (f.status === 'canceled' && f.endedByRequest) {
    await updateBilling(tx, accountId, {
      ...mark,
      subscriptionId: null,
      subscriptionItemId: null,
      status: null,
      plan: null,
      cancelAtPeriodEnd: false,
      currentPeriodStart: null,
      currentPeriodEnd: null,
    })
    await setAccountPlan(tx, accountId, 'free', 'active')
    return { accountId, endedPlan: true }
  }
  const { customerId: _c, accountId: _a, endedByRequest: _e, ...fields } = f
  // A cheaper plan chosen for the next period is Stripe's price already; the plan in force (its
  // features) stays ours until a new period starts on it.
  const samePeriod = !!row.currentPeriodStart && !!f.currentPeriodStart && f.currentPeriodStart <= row.currentPeriodStart
  const waiting = current && !!row.pendingPlan && f.plan === row.pendingPlan && samePeriod
  const updated = await updateBilling(tx, accountId, {
    ...fields,
    ...mark,
    plan: waiting ? row.plan : (f.plan ?? row.plan),
    pendingPlan: waiting ? row.pendingPlan : null,
  })
  if (updated.plan) await setAccountPlan(tx, accountId, updated.plan, f.status as SubscriptionStatus)
  // A renewal Stripe could not charge (or that needs the owner's bank) is mailed once, on the change.
  return { accountId, endedPlan: false, problem: current ? paymentProblem(row.status, f.status) : null }
}

export async function applyInvoice(deps: Deps, tx: Tx, inv: Stripe.Invoice) {
  const customer = typeof inv.customer === 'string' ? inv.customer : (inv.customer?.id ?? null)
  const accountId = await accountOfCustomer(tx, customer)
  if (!accountId) return null
  const mapped = invoiceFromStripe(inv, deps.plans, accountId)
  if (!mapped) return null
  const { subscriptionId: _s, ...values } = mapped
  const [existing] = await tx
    .select({ status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.id, values.id), eq(invoices.accountId, accountId)))
    .for('update')
  if (existing && (INVOICE_RANK[existing.status] ?? 0) > (INVOICE_RANK[values.status] ?? 0)) return null
  if (existing) await tx.update(invoices).set(values).where(and(eq(invoices.id, values.id), eq(invoices.accountId, accountId)))
  else await tx.insert(invoices).values(values)
  return accountId
}

/** The card as the account's (kept: brand, last four, expiry). */
export async function applyCard(tx: Tx, pm: Stripe.PaymentMethod, accountId: string, makeDefault: boolean) {
  const card = cardFromStripe(pm, accountId)
  if (!card) return
  await tx
    .insert(paymentMethods)
    .values(card)
    .onConflictDoUpdate({ target: paymentMethods.id, set: { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear } })
  if (makeDefault) await updateBilling(tx, accountId, { paymentMethodId: pm.id })
}
