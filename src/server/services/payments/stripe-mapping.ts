import type Stripe from 'stripe'
import type { SubscriptionStatus } from '~/shared/schemas/billing'
import type { billingAccounts, invoices, paymentMethods } from '../../db/schema'
import type { Plan } from '../plans'

// From Stripe's objects (API version of the installed SDK: periods live on subscription items,
// invoices name their subscription under parent.subscription_details) to our records. Pure
// functions, tested on recorded object shapes (tests/fixtures/stripe/).

const date = (seconds: number) => new Date(seconds * 1000)
const idOf = (ref: string | { id: string } | null | undefined) => (ref == null ? null : typeof ref === 'string' ? ref : ref.id)

/**
 * Stripe's statuses mapped onto ours (decision 33). Stripe's `unpaid` and `paused` are past due
 * for us (the plan is not
 * being paid); `incomplete` is a first payment waiting for authentication; an expired incomplete
 * subscription never started.
 */
export function statusFromStripe(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'canceled':
      return status as SubscriptionStatus
    case 'unpaid':
    case 'paused':
      return 'past_due'
    case 'incomplete':
      return 'requires_action'
    default:
      return null
  }
}

export const planOfPrice = (plans: Plan[], price: string | null | undefined) =>
  plans.find((p) => p.stripe_price !== undefined && p.stripe_price === price) ?? null

export type SubscriptionFields = Pick<
  typeof billingAccounts.$inferInsert,
  | 'subscriptionId'
  | 'subscriptionItemId'
  | 'plan'
  | 'status'
  | 'cancelAtPeriodEnd'
  | 'currentPeriodStart'
  | 'currentPeriodEnd'
  | 'seats'
  | 'seatPrice'
  | 'currency'
> & { paymentMethodId?: string; customerId: string | null; accountId: string | null; endedByRequest: boolean }

export function subscriptionFromStripe(sub: Stripe.Subscription, plans: Plan[]): SubscriptionFields {
  const item = sub.items.data[0]
  const price = item?.price
  const plan = planOfPrice(plans, price?.id)
  const pm = idOf(sub.default_payment_method)
  return {
    subscriptionId: sub.id,
    subscriptionItemId: item?.id ?? null,
    plan: plan?.id ?? null,
    status: statusFromStripe(sub.status),
    // A cancel at a set date (cancel_at) ends the plan at the period's end like cancel_at_period_end.
    cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
    currentPeriodStart: item ? date(item.current_period_start) : null,
    currentPeriodEnd: item ? date(item.current_period_end) : null,
    seats: item?.quantity ?? 1,
    seatPrice: price?.unit_amount ?? 0,
    currency: sub.currency,
    ...(pm ? { paymentMethodId: pm } : {}),
    customerId: idOf(sub.customer),
    accountId: sub.metadata?.account_id ?? null,
    // Ended because the reader chose free (at the period's end), not because payment failed.
    endedByRequest: sub.status === 'canceled' && sub.cancellation_details?.reason === 'cancellation_requested',
  }
}

/** An invoice of a subscription, or null for any other kind (one-off invoices are not ours). */
export function invoiceFromStripe(
  inv: Stripe.Invoice,
  plans: Plan[],
  accountId: string,
): (typeof invoices.$inferInsert & { subscriptionId: string }) | null {
  const subscriptionId = idOf(inv.parent?.subscription_details?.subscription)
  if (!inv.id || !subscriptionId || !inv.status || inv.status === 'draft') return null
  // The line of the plan itself (not a proration or an extra item) names the plan, seats and period.
  const lines = inv.lines.data
  const planLine = lines.find((l) => planOfPrice(plans, idOf(l.pricing?.price_details?.price))) ?? lines[0]
  const plan = planOfPrice(plans, idOf(planLine?.pricing?.price_details?.price))
  const seats = planLine?.quantity ?? 1
  const paidAt = inv.status_transitions?.paid_at
  const issued = inv.status_transitions?.finalized_at ?? inv.created
  return {
    id: inv.id,
    accountId,
    subscriptionId,
    number: inv.number ?? inv.id,
    status: inv.status,
    total: inv.total,
    currency: inv.currency,
    plan: plan?.id ?? 'unknown',
    planName: plan?.name ?? planLine?.description ?? '',
    seats,
    seatPrice: planLine && seats ? Math.round(planLine.amount / seats) : inv.total,
    periodStart: date(planLine?.period.start ?? inv.period_start),
    periodEnd: date(planLine?.period.end ?? inv.period_end),
    issuedAt: date(issued),
    paidAt: paidAt ? date(paidAt) : null,
  }
}

/** Invoice statuses only move forward: a late `invoice.finalized` never reopens a paid invoice. */
export const INVOICE_RANK: Record<string, number> = { draft: 0, open: 1, paid: 2, void: 2, uncollectible: 2 }

/** A card's brand, last four and expiry (nothing else is kept). */
export function cardFromStripe(pm: Stripe.PaymentMethod, accountId: string): typeof paymentMethods.$inferInsert | null {
  if (!pm.card) return null
  return {
    id: pm.id,
    accountId,
    brand: pm.card.brand,
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
    behaviour: null,
  }
}
