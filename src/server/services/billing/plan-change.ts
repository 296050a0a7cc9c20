import { eq } from 'drizzle-orm'
import type { PaymentActionData, PayPlanInput, PlanChangeData } from '~/shared/schemas/billing'
import type { SessionUser } from '~/shared/schemas/user'
import { t, type Ctx } from '../../context'
import { accounts } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { notifyPlanUpdated } from '../notifications'
import type { BillingContext } from '../payments/types'
import { isLive } from '../payments/types'
import { sessionUser } from '../users'
import { readBilling, setAccountPlan, subscriptionData, updateBilling } from './records'

// The plan calls (spec §4 "Accounts and plans", §7; decisions §10): the sign-up choice (POST
// /api/account/plan), the upgrade (POST /api/account/upgrade) and the change (PATCH
// /api/account/plan) share this one path, so they cannot drift apart.

export type PlanCallAnswer =
  | { message: string; data: PlanChangeData<SessionUser> }
  | { data: PaymentActionData }

export function billingContext(c: Ctx): BillingContext {
  const { auth, deps } = c.var
  return { deps, accountId: auth.account.id, accountName: auth.account.name, owner: { email: auth.user.email, name: auth.user.name } }
}

/**
 * `pay`: whether the call may take a card (`token`, or `payment_intent` after 3-D Secure). A paid
 * plan starts with a card; a live subscription switches with the card on file; free ends the paid
 * plan at the period's end (features kept until then, spec §4) or, with none, is chosen at once.
 */
export async function changePlan(c: Ctx, input: PayPlanInput, opts: { pay: boolean; upgrade?: boolean }): Promise<PlanCallAnswer> {
  const { deps, auth } = c.var
  const plan = deps.plans.find((p) => p.id === input.plan)
  if (!plan) throw new ApiError(400, 'plan.unknown', { inputError: 'plan' })
  if (opts.upgrade && plan.price === 0) throw new ApiError(400, 'billing.upgrade_free', { inputError: 'plan' })
  const ctx = billingContext(c)
  const before = await readBilling(deps.db, auth.account.id)
  const live = isLive(before?.status) && !!before?.plan
  const card = opts.pay && (input.token || input.payment_intent)
  let endsAt: Date | undefined

  if (plan.price === 0) {
    if (live) endsAt = await deps.payments.cancelAtPeriodEnd(ctx)
    else {
      if (before?.status) await updateBilling(deps.db, auth.account.id, { status: null, plan: null, cancelAtPeriodEnd: false })
      await setAccountPlan(deps.db, auth.account.id, plan.id, 'active')
    }
  } else if (card) {
    const outcome = await deps.payments.pay(ctx, { call: 'plan', plan }, { token: input.token, paymentIntent: input.payment_intent })
    if (!outcome.done) return { data: { requires_payment_action: true, client_secret: outcome.clientSecret } }
  } else if (live) {
    await deps.payments.changePlan(ctx, plan)
  } else if (opts.pay) {
    throw new ApiError(400, 'billing.token_required', { inputError: 'token' })
  } else {
    // PATCH to a paid plan without a subscription: a card is needed (spec §8: 402 → /account/upgrade).
    throw new ApiError(402, 'plan.payment_required', { extra: { plan: plan.id } })
  }

  const [account] = await deps.db.select().from(accounts).where(eq(accounts.id, auth.account.id))
  const user = await sessionUser(deps.db, { ...auth, account: account! })
  // plan_updated (spec §3): a change of an existing plan; the first choice at sign-up is not one.
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
    ? t(c, 'billing.cancel_scheduled', { date: endsAt.toISOString().slice(0, 10) })
    : auth.account.plan
      ? t(c, 'plan.updated')
      : plan.id === 'free'
        ? t(c, 'plan.chosen_free')
        : t(c, 'plan.chosen', { plan: plan.name })
  return { message, data }
}
