import { readFileSync } from 'node:fs'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { billingAccounts } from '~/server/db/schema'
import { cardFromStripe, invoiceFromStripe, statusFromStripe, subscriptionFromStripe } from '~/server/services/payments/stripe-mapping'
import { startTestServer, type TestServer } from './harness'
import { get, invoiceList, newOwner, sessionUser, subscription, type Person } from './billing-kit'

// PAYMENT_PROVIDER=stripe without Stripe's servers: the webhook endpoint (signature, each event
// once, out-of-order deliveries) and the mapping from Stripe's objects, on recorded real-shape
// objects (tests/fixtures/stripe/). Signatures come from the SDK's own test-header helper.

const SECRET = 'whsec_test_3bUjk2b0yNDPhxEfmL0p4Jm9'
const CLUB_PRICE = 'price_1QdQzLLkdIwHu7ixClub1200'
const READER_PRICE = 'price_1QdQzKLkdIwHu7ixRead0500'
const PLANS = [
  { id: 'reader', name: 'Reader', price: 5, features: ['Everything in Free'], stripe_price: READER_PRICE },
  { id: 'club', name: 'Book Club', price: 12, per_seat: true, unlocks: ['team', 'api_keys'], features: ['Team members'], stripe_price: CLUB_PRICE },
]
const stripe = new Stripe('sk_test_unused')

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../fixtures/stripe/${name}.json`, import.meta.url), 'utf8'))

let s: TestServer
beforeAll(async () => {
  s = await startTestServer({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_unused',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_51QdQxxTBR',
    STRIPE_WEBHOOK_SECRET: SECRET,
    PLANS: JSON.stringify(PLANS),
  })
})
afterAll(() => s.close())

let events = 0
/** A Stripe event around `object`, as Stripe sends it. */
function event(type: string, object: unknown, created: number, id = `evt_test_${++events}_${Date.now()}`) {
  const envelope = fixture<Record<string, unknown>>('event-subscription-updated')
  return { ...envelope, id, type, created, data: { object } }
}

async function deliver(payload: unknown, opts: { secret?: string; timestamp?: number; tamper?: boolean } = {}) {
  const body = JSON.stringify(payload)
  const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret: opts.secret ?? SECRET, timestamp: opts.timestamp })
  const sent = opts.tamper ? body.replace('"livemode":false', '"livemode":true') : body
  const res = await s.app.request('/api/payment/stripe/webhook', { method: 'POST', body: sent, headers: { 'stripe-signature': header, 'content-type': 'application/json' } })
  return { status: res.status, body: await res.json() }
}

/** An owner whose account is the Stripe customer `customer`, and the fixtures rewritten for them. */
async function customer(): Promise<{ p: Person; sub: Stripe.Subscription; invoice: Stripe.Invoice; pm: Stripe.PaymentMethod }> {
  const p = await newOwner(s, { name: 'Ledger Reading Club' })
  const id = `cus_${p.accountId.replace(/-/g, '').slice(0, 14)}`
  await s.deps.db.insert(billingAccounts).values({ accountId: p.accountId, provider: 'stripe', customerId: id })
  const sub = fixture<Stripe.Subscription>('subscription-active')
  sub.customer = id
  sub.metadata = { account_id: p.accountId, plan: 'club' }
  const invoice = fixture<Stripe.Invoice>('invoice-paid')
  invoice.customer = id
  // Stripe's ids are unique: each customer of these tests gets its own invoice id.
  invoice.id = `in_${id.slice(4)}`
  const pm = fixture<Stripe.PaymentMethod>('payment-method-card')
  pm.customer = id
  return { p, sub, invoice, pm }
}

const T0 = 1767225600

describe('webhook signature', () => {
  test('a valid signature is accepted; tampered, wrongly keyed, stale or missing ones are 400 and change nothing', async () => {
    const { p, sub } = await customer()
    const e = event('customer.subscription.created', sub, T0)
    expect((await deliver(e, { tamper: true })).status).toBe(400)
    expect((await deliver(e, { secret: 'whsec_other' })).status).toBe(400)
    const stale = await deliver(e, { timestamp: Math.floor(Date.now() / 1000) - 600 })
    expect(stale.status).toBe(400)
    expect(stale.body.message).toBe('The webhook signature is missing, invalid or too old')
    const none = await s.api('POST', '/api/payment/stripe/webhook', { body: e })
    expect(none.status).toBe(400)
    expect((await subscription(s, p)).status).toBe(null)
    const ok = await deliver(e)
    expect(ok).toEqual({ status: 200, body: { received: true, duplicate: false } })
    expect((await subscription(s, p)).status).toBe('active')
  })
})

describe('events', () => {
  test('a subscription and its invoice become our subscription, session plan, invoice and card', async () => {
    const { p, sub, invoice, pm } = await customer()
    await deliver(event('customer.subscription.created', sub, T0))
    await deliver(event('invoice.paid', invoice, T0 + 3))
    await deliver(event('payment_method.attached', pm, T0 + 4))
    expect(await subscription(s, p)).toEqual({
      status: 'active',
      object: {
        plan: 'club',
        cancel_at_period_end: false,
        pending_plan: null,
        current_period_start: '2026-01-01T00:00:00.000Z',
        current_period_end: '2026-02-01T00:00:00.000Z',
        seats: 3,
        seat_price: 1200,
        currency: 'usd',
        currency_symbol: '$',
        interval: 'month',
      },
    })
    expect(await sessionUser(s, p)).toMatchObject({ plan: 'club', subscription: 'active' })
    const [inv] = await invoiceList(s, p)
    expect(inv).toEqual({
      id: invoice.id,
      number: '7C1B2E0A-0001',
      date: '2026-01-01T00:00:01.000Z',
      status: 'paid',
      total: 36,
      currency: 'usd',
      currency_symbol: '$',
      invoice_pdf: `/api/account/invoice/${invoice.id}/pdf`,
    })
    expect((await s.app.request(inv.invoice_pdf, { headers: { authorization: `Bearer ${p.token}` } })).headers.get('content-type')).toBe('application/pdf')
    expect(await get(s, p, '/api/account/card')).toEqual({ brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031 })
  })

  test('a repeated event is processed once', async () => {
    const { p, sub } = await customer()
    const pastDue = event('customer.subscription.updated', { ...sub, status: 'past_due' }, T0 + 10)
    expect((await deliver(pastDue)).body.duplicate).toBe(false)
    await deliver(event('customer.subscription.updated', { ...sub, status: 'active' }, T0 + 20))
    expect((await deliver(pastDue)).body).toEqual({ received: true, duplicate: true })
    expect((await subscription(s, p)).status).toBe('active')
  })

  test('an older event delivered late changes nothing; an invoice never goes back from paid to open', async () => {
    const { p, sub, invoice } = await customer()
    await deliver(event('customer.subscription.updated', { ...sub, cancel_at_period_end: true }, T0 + 50))
    await deliver(event('customer.subscription.updated', { ...sub, status: 'past_due', cancel_at_period_end: false }, T0 + 40))
    expect((await subscription(s, p))).toMatchObject({ status: 'active', object: { cancel_at_period_end: true } })
    await deliver(event('invoice.paid', invoice, T0 + 60))
    const finalized = { ...invoice, status: 'open', status_transitions: { ...invoice.status_transitions, paid_at: null } }
    await deliver(event('invoice.finalized', finalized, T0 + 55))
    expect((await invoiceList(s, p))[0].status).toBe('paid')
  })

  test('past_due and a failed invoice put the account in arrears; unpaid is past_due for us', async () => {
    const { p, sub, invoice } = await customer()
    await deliver(event('customer.subscription.created', sub, T0))
    const failed = { ...invoice, status: 'open', amount_paid: 0, status_transitions: { ...invoice.status_transitions, paid_at: null } }
    await deliver(event('invoice.payment_failed', failed, T0 + 100))
    await deliver(event('customer.subscription.updated', { ...sub, status: 'unpaid' }, T0 + 101))
    expect((await subscription(s, p)).status).toBe('past_due')
    expect((await sessionUser(s, p)).subscription).toBe('past_due')
    expect((await invoiceList(s, p))[0].status).toBe('open')
  })

  test('ended at the period end as requested: the free plan; ended for non-payment: canceled', async () => {
    const requested = await customer()
    await deliver(event('customer.subscription.created', requested.sub, T0))
    const ended = { ...requested.sub, status: 'canceled', ended_at: T0 + 200, cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' } }
    await deliver(event('customer.subscription.deleted', ended, T0 + 200))
    expect(await subscription(s, requested.p)).toEqual({ status: null, object: null })
    expect(await sessionUser(s, requested.p)).toMatchObject({ plan: 'free', subscription: 'active' })
    expect((await s.outbox(requested.p.email))[0]!.subject).toBe('Your TBR plan has changed')

    const lapsed = await customer()
    await deliver(event('customer.subscription.created', lapsed.sub, T0))
    const dunned = { ...lapsed.sub, status: 'canceled', cancellation_details: { comment: null, feedback: null, reason: 'payment_failed' } }
    await deliver(event('customer.subscription.deleted', dunned, T0 + 300))
    expect((await subscription(s, lapsed.p)).status).toBe('canceled')
    expect(await sessionUser(s, lapsed.p)).toMatchObject({ plan: 'club', subscription: 'canceled' })
  })

  test("another customer's event (not ours) is acknowledged and ignored", async () => {
    const sub = fixture<Stripe.Subscription>('subscription-active')
    sub.customer = 'cus_not_ours'
    sub.metadata = {}
    expect((await deliver(event('customer.subscription.created', sub, T0))).status).toBe(200)
  })
})

describe('stripe mode', () => {
  test('the plans say stripe and carry the publishable key, never the price ids', async () => {
    const p = await newOwner(s)
    const data = await get(s, p, '/api/account/plans')
    expect(data).toMatchObject({ provider: 'stripe', publishable_key: 'pk_test_51QdQxxTBR' })
    expect(JSON.stringify(data)).not.toContain('price_')
  })

  test('the local test provider and the dev calls are not there', async () => {
    const p = await newOwner(s)
    expect((await s.api('POST', '/api/payment/local/token', { body: { number: '4242424242424242', exp_month: 1, exp_year: 2040, cvc: '123' } })).status).toBe(404)
    expect((await s.api('POST', '/api/payment/local/confirm', { body: { client_secret: 'pi_x_secret_y', outcome: 'succeed' } })).status).toBe(404)
    expect((await s.api('POST', '/api/dev/clock', { token: p.token, body: { days: 1 } })).status).toBe(404)
  })
})

describe('mapping Stripe objects', () => {
  test('statuses', () => {
    const pairs = [
      ['active', 'active'],
      ['trialing', 'trialing'],
      ['past_due', 'past_due'],
      ['unpaid', 'past_due'],
      ['paused', 'past_due'],
      ['canceled', 'canceled'],
      ['incomplete', 'requires_action'],
      ['incomplete_expired', null],
    ] as const
    for (const [stripeStatus, ours] of pairs) expect(statusFromStripe(stripeStatus)).toBe(ours)
  })

  const plans = () => s.deps.plans

  test('a subscription: plan by price, seats by quantity, periods from its item', () => {
    const sub = fixture<Stripe.Subscription>('subscription-active')
    expect(subscriptionFromStripe(sub, plans())).toEqual({
      subscriptionId: 'sub_1QdR7sLkdIwHu7ixRqMh2Hc1',
      subscriptionItemId: 'si_RWd0X5mVYmNyBo',
      plan: 'club',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodStart: new Date(1767225600_000),
      currentPeriodEnd: new Date(1769904000_000),
      seats: 3,
      seatPrice: 1200,
      currency: 'usd',
      paymentMethodId: 'pm_1QdR7qLkdIwHu7ixVb6GJmZs',
      customerId: 'cus_RWd0Zq8h3FxYqA',
      accountId: 'REPLACED_IN_TEST',
      endedByRequest: false,
    })
    expect(subscriptionFromStripe({ ...sub, cancel_at: 1769904000 }, plans()).cancelAtPeriodEnd).toBe(true)
  })

  test('an invoice: number, total, the plan line’s seats and period; a one-off invoice is not ours', () => {
    const inv = fixture<Stripe.Invoice>('invoice-paid')
    expect(invoiceFromStripe(inv, plans(), 'acct')).toEqual({
      id: 'in_1QdR7sLkdIwHu7ixKq0Wd3uP',
      accountId: 'acct',
      subscriptionId: 'sub_1QdR7sLkdIwHu7ixRqMh2Hc1',
      number: '7C1B2E0A-0001',
      status: 'paid',
      total: 3600,
      currency: 'usd',
      plan: 'club',
      planName: 'Book Club',
      seats: 3,
      seatPrice: 1200,
      periodStart: new Date(1767225600_000),
      periodEnd: new Date(1769904000_000),
      issuedAt: new Date(1767225601_000),
      paidAt: new Date(1767225603_000),
    })
    expect(invoiceFromStripe({ ...inv, parent: null }, plans(), 'acct')).toBe(null)
    expect(invoiceFromStripe({ ...inv, status: 'draft' }, plans(), 'acct')).toBe(null)
  })

  test('a card keeps brand, last four and expiry only', () => {
    const pm = fixture<Stripe.PaymentMethod>('payment-method-card')
    expect(cardFromStripe(pm, 'acct')).toEqual({ id: pm.id, accountId: 'acct', brand: 'visa', last4: '4242', expMonth: 8, expYear: 2031, behaviour: null })
  })
})
