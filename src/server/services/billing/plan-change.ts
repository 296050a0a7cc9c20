import { eq } from 'drizzle-orm'
import { isGoodStanding, type PaymentActionData, type PayPlanInput, type PlanChangeData, type PlanPreviewData } from '~/shared/schemas/billing'
import type { SessionUser } from '~/shared/schemas/user'
import { t, type Ctx } from '../../context'
import { accounts } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { notifyPlanUpdated } from '../notifications'
import type { BillingContext } from '../payments/types'
import { isLive } from '../payments/types'
import { sessionUser } from '../users'
import { seatPriceOf, type Plan } from '../plans'
import { clockNow, periodTotal, proratedCharge, readBilling, seatsFor, setAccountPlan, subscriptionData, updateBilling, type BillingRow } from './records'

// The plan calls: the sign-up choice (POST
// /api/account/plan), the upgrade (POST /api/account/upgrade) and the change (PATCH
// /api/account/plan) share this one path, so they cannot drift apart.

export type PlanCallAnswer =
  | { message: string; data: PlanChangeData<SessionUser> }
  | { data: PaymentActionData }
  | { data: PlanPreviewData }

export function billingContext(c: Ctx): BillingContext {
  const { auth, deps } = c.var
  return { deps, accountId: auth.account.id, accountName: auth.account.name, owner: { email: auth.user.email, name: auth.user.name } }
}

/**
 * `pay`: whether the call may take a card (`token`, or `payment_intent` after 3-D Secure). A paid
 * plan starts with a card. A live subscription moves to a dearer paid plan at once, charging the
 * prorated difference; to a cheaper paid plan or to free at the end of the period (features kept
 * until then); to its own plan, undoing a scheduled change. While a renewal is unpaid a
 * change to another paid plan waits for a working card. With no subscription, free is chosen at
 * once. `preview` answers what the change would do and charge, changing nothing.
 */
export async function changePlan(
  c: Ctx,
  input: PayPlanInput & { preview?: boolean },
  opts: { pay: boolean; upgrade?: boolean },
): Promise<PlanCallAnswer> {
  const { deps, auth } = c.var
  const plan = deps.plans.find((p) => p.id === input.plan)
  if (!plan) throw new ApiError(400, 'plan.unknown', { inputError: 'plan' })
  if (opts.upgrade && plan.price === 0) throw new ApiError(400, 'billing.upgrade_free', { inputError: 'plan' })
  const ctx = billingContext(c)
  const before = await readBilling(deps.db, auth.account.id)
  const live = isLive(before?.status) && !!before?.plan
  const card = opts.pay && (input.token || input.payment_intent)
  const step = live ? await liveStep(c, before!, plan) : null
  if (input.preview) return { data: { preview: await previewOf(c, before, plan, step) } }
  let endsAt: Date | undefined
  let charged: number | undefined

  if (plan.price === 0) {
    if (live) endsAt = await deps.payments.cancelAtPeriodEnd(ctx)
    else {
      if (before?.status) await updateBilling(deps.db, auth.account.id, { status: null, plan: null, cancelAtPeriodEnd: false })
      await setAccountPlan(deps.db, auth.account.id, plan.id, 'active')
    }
  } else if (step?.kind === 'keep' && !card) {
    await deps.payments.scheduleChange(ctx, null)
  } else if (step?.kind === 'later') {
    endsAt = await deps.payments.scheduleChange(ctx, plan)
  } else if (card) {
    const outcome = await deps.payments.pay(ctx, { call: 'plan', plan }, { token: input.token, paymentIntent: input.payment_intent })
    if (!outcome.done) return { data: { requires_payment_action: true, client_secret: outcome.clientSecret } }
    charged = step?.kind === 'now' ? step.charge : undefined
  } else if (live) {
    await deps.payments.changePlan(ctx, plan)
    charged = step?.kind === 'now' ? step.charge : undefined
  } else if (opts.pay) {
    throw new ApiError(400, 'billing.token_required', { inputError: 'token' })
  } else {
    // PATCH to a paid plan without a subscription: a card is needed (402 → /account/upgrade).
    throw new ApiError(402, 'plan.payment_required', { extra: { plan: plan.id } })
  }

  const [account] = await deps.db.select().from(accounts).where(eq(accounts.id, auth.account.id))
  const user = await sessionUser(deps.db, { ...auth, account: account! })
  // plan_updated: a change of an existing plan; the first choice at sign-up is not one.
  // A change to free is mailed when it takes effect, at the end of the period.
  if (auth.account.plan && auth.account.plan !== account!.plan) {
    const name = deps.plans.find((p) => p.id === account!.plan)?.name ?? account!.plan!
    await notifyPlanUpdated(deps, auth.user, auth.account.name, name)
  }
  const data: PlanChangeData<SessionUser> = {
    plan: account!.plan!,
    onboarded: user.onboarded,
    user,
    subscription: subscriptionData(await readBilling(deps.db, auth.account.id), deps.plans),
    ...(endsAt ? { ends_at: endsAt.toISOString() } : {}),
  }
  const message = endsAt
    ? plan.price === 0
      ? t(c, 'billing.cancel_scheduled', { date: endsAt.toISOString().slice(0, 10) })
      : t(c, 'billing.change_scheduled', { plan: plan.name, date: endsAt.toISOString().slice(0, 10) })
    : step?.kind === 'keep' && !card
      ? t(c, 'billing.change_kept', { plan: plan.name })
      : charged
        ? t(c, 'billing.change_prorated', { plan: plan.name, amount: money(plan, charged) })
        : auth.account.plan
      ? t(c, 'plan.updated')
      : plan.id === 'free'
        ? t(c, 'plan.chosen_free')
        : t(c, 'plan.chosen', { plan: plan.name })
  return { message, data }
}

/** How a live subscription gets to `plan`: stay on it, switch now (charging `charge`, minor units), or at the period's end. */
type LiveStep = { kind: 'keep' } | { kind: 'now'; charge: number } | { kind: 'later' }

async function liveStep(c: Ctx, row: BillingRow, plan: Plan): Promise<LiveStep> {
  if (plan.price === 0) return { kind: 'later' }
  if (plan.id === row.plan) return { kind: 'keep' }
  // An unpaid renewal is settled by a new card first (PATCH /api/account/card), never by a plan change.
  if (!isGoodStanding(row.status)) throw new ApiError(400, 'billing.update_card_first', { inputError: 'plan' })
  const total = periodTotal(seatPriceOf(plan), await seatsFor(c.var.deps.db, row.accountId, plan))
  if (total <= periodTotal(row.seatPrice, row.seats)) return { kind: 'later' }
  return { kind: 'now', charge: proratedCharge(row, total, clockNow(row)) }
}

async function previewOf(c: Ctx, row: BillingRow | null, plan: Plan, step: LiveStep | null): Promise<PlanPreviewData['preview']> {
  const now = clockNow(row)
  const periodEnd = row?.currentPeriodEnd ?? now
  const base = { plan: plan.id, currency_symbol: plan.currency_symbol }
  if (!step) {
    // No subscription yet: a paid plan starts now with a whole period.
    const charge = plan.price === 0 ? 0 : periodTotal(seatPriceOf(plan), await seatsFor(c.var.deps.db, c.var.auth.account.id, plan))
    return { ...base, when: 'now', amount: charge / 100, date: now.toISOString() }
  }
  if (step.kind === 'now') return { ...base, when: 'now', amount: step.charge / 100, date: now.toISOString() }
  return { ...base, when: step.kind === 'keep' ? 'kept' : 'period_end', amount: 0, date: periodEnd.toISOString() }
}

/** An amount in minor units as the plans write prices ($4.17). */
const money = (plan: Plan, minor: number) => `${plan.currency_symbol}${(minor / 100).toFixed(2)}`
