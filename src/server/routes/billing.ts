import { Hono } from 'hono'
import { ChangePlanInput, PayPlanInput, UpdateCardInput, type PlansData } from '~/shared/schemas/billing'
import { pathParam, readBody, t, type AppEnv, type Ctx } from '../context'
import { idempotent } from '../services/idempotent'
import { notFound } from '../lib/errors'
import { invoicePdf } from '../services/billing/invoice-pdf'
import { billingContext, changePlan } from '../services/billing/plan-change'
import { accountOwner, cardData, currentCard, findInvoice, invoiceData, listInvoices, readBilling, subscriptionData } from '../services/billing/records'
import { notifyCardUpdated } from '../services/notifications'
import { planInfo } from '../services/plans'

// The account's billing calls (decision 33). Mounted at /api/account before the
// account sub-app. Billing is the owner flag (master and owner); the plans list is
// for every member. Paying calls take an Idempotency-Key (services/idempotent.ts).

export const billing = new Hono<AppEnv>()

// Every member reads it; it names the owner, so a member whose account is on hold, or who needs
// a better plan, knows whom to ask (decisions: the read-only billing and upgrade notices).
billing.get('/plans', async (c) => {
  const { deps, auth } = c.var
  const owner = await accountOwner(deps.db, auth.account.id)
  const data: PlansData = {
    plans: deps.plans.map((p) => planInfo(p, c.var.locale)),
    active: auth.account.plan,
    owner: owner ? { name: owner.user.name, email: owner.user.email } : null,
    provider: deps.payments.kind,
    ...(deps.payments.publishableKey ? { publishable_key: deps.payments.publishableKey } : {}),
  }
  return c.json({ data })
})

const planCall = (opts: { pay: boolean; upgrade?: boolean }) => async (c: Ctx) =>
  idempotent(c, async () => {
    const input = opts.pay ? await readBody(c, PayPlanInput) : await readBody(c, ChangePlanInput)
    return c.json(await changePlan(c, input, opts))
  })

billing.post('/plan', planCall({ pay: true }))
billing.patch('/plan', planCall({ pay: false }))
billing.post('/upgrade', planCall({ pay: true, upgrade: true }))

billing.get('/subscription', async (c) => {
  const { deps, auth } = c.var
  return c.json({ data: subscriptionData(await readBilling(deps.db, auth.account.id), deps.plans) })
})

billing.get('/card', async (c) => {
  const { deps, auth } = c.var
  const card = await currentCard(deps.db, await readBilling(deps.db, auth.account.id))
  return c.json({ data: card ? cardData(card) : null })
})

// A new card (a token, or the PaymentIntent after 3-D Secure); it pays an open invoice, making a
// past_due subscription active again.
billing.patch('/card', (c) =>
  idempotent(c, async () => {
    const input = await readBody(c, UpdateCardInput)
    const { deps, auth } = c.var
    const outcome = await deps.payments.pay(billingContext(c), { call: 'card' }, { token: input.token, paymentIntent: input.payment_intent })
    if (!outcome.done) return c.json({ data: { requires_payment_action: true, client_secret: outcome.clientSecret } })
    const billingRow = await readBilling(deps.db, auth.account.id)
    const card = await currentCard(deps.db, billingRow)
    if (card) await notifyCardUpdated(deps, auth.user, auth.account.name, card)
    return c.json({
      message: t(c, 'billing.card_updated'),
      data: { card: card ? cardData(card) : null, subscription: subscriptionData(billingRow, deps.plans) },
    })
  }),
)

billing.get('/invoice', async (c) => {
  const { deps, auth } = c.var
  const rows = await listInvoices(deps.db, auth.account.id)
  return c.json({ data: rows.map((r) => invoiceData(r, (cur) => symbolOf(c, cur))) })
})

// The PDF behind the owner's token, never at a guessable public URL; another account's is 404.
billing.get('/invoice/:id/pdf', async (c) => {
  const { deps, auth } = c.var
  const row = await findInvoice(deps.db, auth.account.id, pathParam(c, 'id'))
  if (!row) throw notFound()
  const pdf = await invoicePdf(row, { accountName: auth.account.name, locale: c.var.locale, symbol: symbolOf(c, row.currency) })
  return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="invoice-${row.number.replace(/[^A-Za-z0-9-]/g, '')}.pdf"`,
  })
})

/** The currency symbol the plans configure for a currency (ISO code when no plan names it). */
function symbolOf(c: Ctx, currency: string) {
  return c.var.deps.plans.find((p) => p.currency === currency && p.price > 0)?.currency_symbol ?? currency.toUpperCase()
}
