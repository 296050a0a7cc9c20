import { and, eq } from 'drizzle-orm'
import type { SubscriptionStatus } from '~/shared/schemas/billing'
import type { Tx } from '../../db/client'
import { invoices, paymentMethods } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import {
  addInterval,
  clockNow,
  currentCard,
  lockBilling,
  nextInvoiceNumber,
  openInvoice,
  periodTotal,
  proratedCharge,
  readBilling,
  seatsFor,
  setAccountPlan,
  updateBilling,
  type BillingRow,
} from '../billing/records'
import { seatPriceOf, type Plan } from '../plans'
import { createIntent, stripeLikeId, takeIntent, useCardToken } from './local-cards'
import { isLive, type BillingContext, type PaymentProvider, type PayInput, type PayOutcome, type Purpose } from './types'

// PAYMENT_PROVIDER=local: a stateful test-mode provider in our database. It
// mirrors Stripe's objects: a customer (cus_), cards (pm_), payment intents (pi_) with
// requires_action and a client secret, a subscription (sub_) with real periods, and invoices.
// Renewals run from the hourly maintenance (local-renewals.ts).

export function createLocalProvider(): PaymentProvider {
  return {
    kind: 'local',
    pay,
    async changePlan(ctx, plan) {
      await ctx.deps.db.transaction(async (tx) => {
        const row = await lockBilling(tx, ctx.accountId, 'local')
        if (!isLive(row.status)) throw new ApiError(402, 'plan.payment_required', { extra: { plan: plan.id } })
        await switchPlan(tx, ctx, row, plan)
      })
    },
    async cancelAtPeriodEnd(ctx) {
      return ctx.deps.db.transaction(async (tx) => {
        const row = await lockBilling(tx, ctx.accountId, 'local')
        if (!isLive(row.status) || !row.currentPeriodEnd) throw new ApiError(400, 'billing.no_subscription', { inputError: 'plan' })
        await updateBilling(tx, ctx.accountId, { cancelAtPeriodEnd: true, pendingPlan: null })
        return row.currentPeriodEnd
      })
    },
    // The renewal (local-renewals.ts) starts the next period on the pending plan.
    async scheduleChange(ctx, plan) {
      return ctx.deps.db.transaction(async (tx) => {
        const row = await lockBilling(tx, ctx.accountId, 'local')
        if (!isLive(row.status) || !row.currentPeriodEnd) throw new ApiError(400, 'billing.no_subscription', { inputError: 'plan' })
        await updateBilling(tx, ctx.accountId, { cancelAtPeriodEnd: false, pendingPlan: plan?.id ?? null })
        return row.currentPeriodEnd
      })
    },
    // Local mode bills the new member count at the next renewal (no proration):
    // the subscription's seats follow now, so GET /api/account/subscription shows what the next
    // invoice charges (the renewal counts the members again).
    async syncSeats(ctx) {
      // An account that never paid has no billing row to make.
      if (!isLive((await readBilling(ctx.deps.db, ctx.accountId))?.status)) return
      await ctx.deps.db.transaction(async (tx) => {
        const row = await lockBilling(tx, ctx.accountId, 'local')
        const plan = ctx.deps.plans.find((p) => p.id === row.plan)
        if (!isLive(row.status) || !plan?.per_seat) return
        const seats = await seatsFor(tx, ctx.accountId, plan)
        if (seats !== row.seats) await updateBilling(tx, ctx.accountId, { seats })
      })
    },
  }
}

async function pay(ctx: BillingContext, purpose: Purpose, input: PayInput): Promise<PayOutcome> {
  const { db } = ctx.deps
  const plan = purpose.call === 'plan' ? { call: 'plan' as const, plan: purpose.plan.id } : { call: 'card' as const }
  if (input.paymentIntent) {
    const intentId = input.paymentIntent
    await db.transaction(async (tx) => {
      const row = await ensureCustomer(tx, ctx)
      const intent = await takeIntent(tx, ctx.accountId, intentId, plan)
      if (!intent.done) await apply(tx, ctx, row, purpose, intent.paymentMethodId)
    })
    return { done: true }
  }
  if (!input.token) throw new ApiError(400, 'billing.token_required', { inputError: 'token' })
  // Used up before anything else, in its own statement: a declined token is spent like Stripe's.
  const card = await useCardToken(db, input.token)
  if (card.behaviour === 'decline') throw new ApiError(400, 'billing.card_declined', { inputError: 'token' })
  return db.transaction(async (tx) => {
    const row = await ensureCustomer(tx, ctx)
    const pmId = stripeLikeId('pm')
    await tx.insert(paymentMethods).values({
      id: pmId,
      accountId: ctx.accountId,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      // Once authenticated, Stripe's 3155 card pays off-session renewals without a new challenge.
      behaviour: 'succeed',
    })
    if (card.behaviour === 'authenticate') {
      const amount = await amountDue(tx, ctx, row, purpose)
      const clientSecret = await createIntent(tx, { accountId: ctx.accountId, amount, currency: currencyOf(purpose, row), purpose: plan, paymentMethodId: pmId })
      return { done: false, clientSecret }
    }
    await apply(tx, ctx, row, purpose, pmId)
    return { done: true }
  })
}

async function ensureCustomer(tx: Tx, ctx: BillingContext) {
  const row = await lockBilling(tx, ctx.accountId, 'local')
  if (row.customerId) return row
  return updateBilling(tx, ctx.accountId, { customerId: stripeLikeId('cus') })
}

const currencyOf = (purpose: Purpose, row: BillingRow) => (purpose.call === 'plan' ? purpose.plan.currency : row.currency)

/** What the call charges now: a new period of the plan, plus an open invoice the new card settles. */
async function amountDue(tx: Tx, ctx: BillingContext, row: BillingRow, purpose: Purpose) {
  const open = await openInvoice(tx, ctx.accountId)
  if (purpose.call === 'card') return open?.total ?? 0
  if (isLive(row.status)) return (open?.total ?? 0) + proratedCharge(row, periodTotal(seatPriceOf(purpose.plan), await seatsFor(tx, ctx.accountId, purpose.plan)), clockNow(row))
  return seatPriceOf(purpose.plan) * (await seatsFor(tx, ctx.accountId, purpose.plan))
}

/** The payment went through: the card becomes the account's, and the plan starts or switches. */
async function apply(tx: Tx, ctx: BillingContext, row: BillingRow, purpose: Purpose, pmId: string) {
  row = await updateBilling(tx, ctx.accountId, { paymentMethodId: pmId })
  await settleOpenInvoice(tx, ctx, row)
  if (purpose.call === 'card') return
  if (isLive(row.status)) return switchPlan(tx, ctx, row, purpose.plan)
  await startPeriod(tx, ctx.accountId, row, purpose.plan)
}

/** A new card pays the failed renewal's invoice and the subscription is active again. */
async function settleOpenInvoice(tx: Tx, ctx: BillingContext, row: BillingRow) {
  const open = await openInvoice(tx, ctx.accountId)
  if (!open) return
  const now = clockNow(row)
  await tx.update(invoices).set({ status: 'paid', paidAt: now }).where(eqInvoice(open.id, ctx.accountId))
  if (row.status !== 'canceled' && row.plan) {
    await updateBilling(tx, ctx.accountId, { status: 'active', pastDueSince: null })
    await setAccountPlan(tx, ctx.accountId, row.plan, 'active')
  }
}

/**
 * Paid → dearer paid plan, in force now: the prorated difference for the rest of the period is
 * invoiced and charged at once to the account's card (as Stripe's always_invoice does); a card
 * that no longer pays is declined and nothing changes.
 */
async function switchPlan(tx: Tx, ctx: BillingContext, row: BillingRow, plan: Plan) {
  const now = clockNow(row)
  const seats = await seatsFor(tx, ctx.accountId, plan)
  const seatPrice = seatPriceOf(plan)
  const charge = proratedCharge(row, periodTotal(seatPrice, seats), now)
  if (charge > 0) {
    const card = await currentCard(tx, row)
    if (!card || card.behaviour === 'decline') throw new ApiError(400, 'billing.card_declined', { inputError: 'token' })
    await issueInvoice(tx, ctx.accountId, row.customerId!, { plan, seats, seatPrice, start: now, end: row.currentPeriodEnd ?? now, paid: true, at: now, total: charge })
  }
  await updateBilling(tx, ctx.accountId, { plan: plan.id, seats, seatPrice, currency: plan.currency, cancelAtPeriodEnd: false, pendingPlan: null })
  await setAccountPlan(tx, ctx.accountId, plan.id, (row.status ?? 'active') as SubscriptionStatus)
}

/**
 * A paid period of `plan` from `start`: when it ends, the seats it counts, the seat price, and the
 * billing fields that name it (no pending change survives a new period).
 */
export async function planPeriod(tx: Tx, accountId: string, plan: Plan, start: Date) {
  const end = addInterval(start, plan.interval)
  const seats = await seatsFor(tx, accountId, plan)
  const seatPrice = seatPriceOf(plan)
  const fields = { plan: plan.id, pendingPlan: null, currentPeriodStart: start, currentPeriodEnd: end, seats, seatPrice, currency: plan.currency }
  return { plan, seats, seatPrice, start, end, fields }
}

/** Starts a paid period now (the account's billing clock) and issues its paid invoice. */
export async function startPeriod(tx: Tx, accountId: string, row: BillingRow, plan: Plan) {
  const period = await planPeriod(tx, accountId, plan, clockNow(row))
  await updateBilling(tx, accountId, {
    ...period.fields,
    subscriptionId: row.subscriptionId ?? stripeLikeId('sub'),
    status: 'active',
    cancelAtPeriodEnd: false,
    pastDueSince: null,
  })
  await issueInvoice(tx, accountId, row.customerId!, { ...period, paid: true, at: period.start })
  await setAccountPlan(tx, accountId, plan.id, 'active')
}

export async function issueInvoice(
  tx: Tx,
  accountId: string,
  customerId: string,
  o: { plan: Plan; seats: number; seatPrice: number; start: Date; end: Date; paid: boolean; at: Date; total?: number },
) {
  const id = stripeLikeId('in')
  await tx.insert(invoices).values({
    id,
    accountId,
    number: await nextInvoiceNumber(tx, accountId, customerId),
    status: o.paid ? 'paid' : 'open',
    // A whole period, or what a mid-period change to a dearer plan charges (proration).
    total: o.total ?? o.seatPrice * o.seats,
    currency: o.plan.currency,
    plan: o.plan.id,
    planName: o.plan.name,
    seats: o.seats,
    seatPrice: o.seatPrice,
    periodStart: o.start,
    periodEnd: o.end,
    issuedAt: o.at,
    paidAt: o.paid ? o.at : null,
  })
  return id
}

const eqInvoice = (id: string, accountId: string) => and(eq(invoices.id, id), eq(invoices.accountId, accountId))
