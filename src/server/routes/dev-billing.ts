import { Hono } from 'hono'
import { DevCardInput, DevClockInput, DevStatusInput } from '~/shared/schemas/billing'
import { readBody, t, type AppEnv, type Ctx } from '../context'
import { ApiError, notFound } from '../lib/errors'
import { clockNow, readBilling, setAccountPlan, subscriptionData, updateBilling } from '../services/billing/records'
import { advanceBillingClock, setCardBehaviour } from '../services/billing/dev-billing'
import { renewalMails } from '../services/billing/payment-mails'
import { runLocalRenewals } from '../services/payments/local-renewals'

// Outside production, with the local provider: the caller's account billing clock and card, so
// renewals, failed renewals and the end of a period can be tried by hand and tested (README
// "Billing"; decision 40). 404 in production and with Stripe (which has its own test clocks).

export const devBilling = new Hono<AppEnv>()

const devOnly = (c: Ctx) => {
  const { config, payments } = c.var.deps
  if (config.NODE_ENV === 'production' || payments.kind !== 'local') throw notFound()
}

/** `{days}`: moves the account's billing time forward, then runs its renewals at once. */
devBilling.post('/clock', async (c) => {
  devOnly(c)
  const { days } = await readBody(c, DevClockInput)
  const { deps, auth } = c.var
  const accountId = auth.account.id
  await advanceBillingClock(deps.db, accountId, days)
  const renewed = await runLocalRenewals(deps, accountId)
  await renewalMails(deps, renewed)
  const row = await readBilling(deps.db, accountId)
  return c.json({
    message: t(c, 'billing.dev_clock', { days: row!.clockOffsetDays }),
    data: { now: clockNow(row).toISOString(), offset_days: row!.clockOffsetDays, subscription: subscriptionData(row, deps.plans) },
  })
})

/** `{behaviour}`: the card on file now succeeds, is declined, or asks for authentication on its next charges. */
devBilling.post('/card', async (c) => {
  devOnly(c)
  const { behaviour } = await readBody(c, DevCardInput)
  const { deps, auth } = c.var
  const row = await readBilling(deps.db, auth.account.id)
  if (!row?.paymentMethodId) throw new ApiError(404, 'billing.no_card')
  await setCardBehaviour(deps.db, auth.account.id, row.paymentMethodId, behaviour)
  const renewed = await runLocalRenewals(deps, auth.account.id)
  await renewalMails(deps, renewed)
  return c.json({ message: t(c, 'billing.dev_card', { behaviour }), data: { behaviour } })
})

/**
 * `{status}`: the paid subscription is now in that status, as if the provider had said so. Only an
 * account that pays for a plan has one to change (404 otherwise); the renewals then treat it as
 * they would any subscription in that status.
 */
devBilling.post('/status', async (c) => {
  devOnly(c)
  const { status } = await readBody(c, DevStatusInput)
  const { deps, auth } = c.var
  const row = await readBilling(deps.db, auth.account.id)
  if (!row?.status || !row.plan) throw new ApiError(404, 'billing.no_subscription')
  const held = status !== 'active' && status !== 'trialing'
  await deps.db.transaction(async (tx) => {
    await updateBilling(tx, auth.account.id, { status, pastDueSince: held ? (row.pastDueSince ?? clockNow(row)) : null })
    await setAccountPlan(tx, auth.account.id, row.plan!, status)
  })
  return c.json({ message: t(c, 'billing.dev_status', { status }), data: { status } })
})
