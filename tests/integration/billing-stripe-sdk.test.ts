import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { get, invoiceList, newOwner, sessionUser, subscription, type Person } from './billing-kit'
import { startFakeStripe, type FakeStripe } from './stripe-server'

// The stripe provider's calls through the official SDK, against a local server speaking Stripe's
// wire format (stripe-server.ts): customers, cards, subscriptions with 3-D Secure, declines,
// cancel at period end and plan switches, and how our records follow Stripe's answers.

const CLUB_PRICE = 'price_1QdQzLLkdIwHu7ixClub1200'
const READER_PRICE = 'price_1QdQzKLkdIwHu7ixRead0500'
const PLANS = [
  { id: 'reader', name: 'Reader', price: 5, features: ['Everything in Free'], stripe_price: READER_PRICE },
  { id: 'club', name: 'Book Club', price: 12, per_seat: true, unlocks: ['team', 'api_keys'], features: ['Team members'], stripe_price: CLUB_PRICE },
]

let fake: FakeStripe
let s: TestServer
beforeAll(async () => {
  fake = await startFakeStripe({ [CLUB_PRICE]: 1200, [READER_PRICE]: 500 })
  const stripe = new Stripe('sk_test_fake', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 })
  s = await startTestServer(
    {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_fake',
      PLANS: JSON.stringify(PLANS),
    },
    { stripe },
  )
})
afterAll(async () => {
  await s.close()
  await fake.close()
})

const upgrade = (p: Person, body: Record<string, unknown>) => s.api('POST', '/api/account/upgrade', { token: p.token, body })

describe('paying through Stripe', () => {
  test('a card that pays: customer, card and subscription in Stripe; our subscription, invoice and card follow at once', async () => {
    const p = await newOwner(s, { name: 'Ledger Reading Club' })
    const res = await upgrade(p, { plan: 'club', token: 'pm_card_visa' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.user).toMatchObject({ plan: 'club', subscription: 'active' })
    const customer = fake.bodies.get('POST /v1/customers')!
    expect(customer.get('metadata[account_id]')).toBe(p.accountId)
    expect(customer.get('name')).toBe('Ledger Reading Club')
    const created = fake.bodies.get('POST /v1/subscriptions')!
    expect(Object.fromEntries(created)).toMatchObject({
      'items[0][price]': CLUB_PRICE,
      'items[0][quantity]': '1',
      default_payment_method: expect.stringMatching(/^pm_[0-9a-f]+$/),
      payment_behavior: 'allow_incomplete',
    })
    expect(await subscription(s, p)).toMatchObject({ status: 'active', object: { plan: 'club', seats: 1, seat_price: 1200, cancel_at_period_end: false } })
    expect((await invoiceList(s, p))[0]).toMatchObject({ status: 'paid', total: 12 })
    expect(await get(s, p, '/api/account/card')).toMatchObject({ brand: 'visa', last4: '4242' })
  })

  test('3-D Secure: the client secret of the first invoice; after authentication the repeat completes it', async () => {
    const p = await newOwner(s)
    const first = await upgrade(p, { plan: 'reader', token: 'pm_card_authenticationRequired' })
    expect(first.status).toBe(200)
    expect(first.body.data).toEqual({ requires_payment_action: true, client_secret: expect.stringMatching(/^pi_\w+_secret_\w+$/) })
    expect((await sessionUser(s, p)).plan).toBe('free')
    expect((await subscription(s, p)).status).toBe(null)
    fake.authenticate(first.body.data.client_secret, true)
    const repeat = await upgrade(p, { plan: 'reader', payment_intent: first.body.data.client_secret.split('_secret_')[0] })
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200)
    expect(repeat.body.data.user).toMatchObject({ plan: 'reader', subscription: 'active' })
    expect((await invoiceList(s, p))[0]).toMatchObject({ status: 'paid', total: 5 })
  })

  test('3-D Secure failed: the repeat is a card error on token and the plan does not change', async () => {
    const p = await newOwner(s)
    const first = await upgrade(p, { plan: 'club', token: 'pm_card_authenticationRequired' })
    fake.authenticate(first.body.data.client_secret, false)
    const repeat = await upgrade(p, { plan: 'club', payment_intent: first.body.data.client_secret.split('_secret_')[0] })
    expect(repeat.status).toBe(400)
    expect(repeat.body.inputError).toBe('token')
    expect((await sessionUser(s, p)).plan).toBe('free')
  })

  test('a payment intent of another customer completes nothing', async () => {
    const a = await newOwner(s)
    const b = await newOwner(s)
    await upgrade(b, { plan: 'club', token: 'pm_card_visa' })
    const first = await upgrade(a, { plan: 'club', token: 'pm_card_authenticationRequired' })
    fake.authenticate(first.body.data.client_secret, true)
    const theirs = first.body.data.client_secret.split('_secret_')[0]
    const res = await s.api('PATCH', '/api/account/card', { token: b.token, body: { payment_intent: theirs } })
    expect(res.status).toBe(400)
    expect(res.body.inputError).toBe('payment_intent')
  })

  test('declined when attached, or when charged: 400 on token, nothing changes; the incomplete subscription is canceled', async () => {
    const p = await newOwner(s)
    const attached = await upgrade(p, { plan: 'club', token: 'pm_card_chargeDeclined' })
    expect(attached.status).toBe(400)
    expect(attached.body).toMatchObject({ message: 'Your card was declined. Nothing was charged; please use another card.', inputError: 'token' })
    const charged = await upgrade(p, { plan: 'club', token: 'pm_card_chargeCustomerFail' })
    expect(charged.status).toBe(400)
    expect(charged.body.inputError).toBe('token')
    expect(fake.calls.filter((c) => c.startsWith('DELETE /v1/subscriptions/')).length).toBeGreaterThan(0)
    expect(await sessionUser(s, p)).toMatchObject({ plan: 'free', subscription: 'active' })
    expect(await subscription(s, p)).toEqual({ status: null, object: null })
  })
})

describe('changing a Stripe subscription', () => {
  test('to free: cancel_at_period_end in Stripe, the answer names the period end; to a cheaper plan: Stripe bills it from the renewal, the plan in force stays', async () => {
    const p = await newOwner(s)
    await upgrade(p, { plan: 'club', token: 'pm_card_visa' })
    const end = (await subscription(s, p)).object.current_period_end
    const cancel = await s.api('PATCH', '/api/account/plan', { token: p.token, body: { plan: 'free' } })
    expect(cancel.status).toBe(200)
    expect(cancel.body.data.ends_at).toBe(end)
    expect((await subscription(s, p)).object.cancel_at_period_end).toBe(true)
    const sub = (await subscription(s, p)).object
    const switched = await s.api('PATCH', '/api/account/plan', { token: p.token, body: { plan: 'reader' } })
    expect(switched.status).toBe(200)
    expect(switched.body.data.ends_at).toBe(end)
    const sent = [...fake.bodies.entries()].filter(([k]) => k.startsWith('POST /v1/subscriptions/')).at(-1)![1]
    expect(Object.fromEntries(sent)).toMatchObject({
      'items[0][price]': READER_PRICE,
      proration_behavior: 'none',
      cancel_at_period_end: 'false',
    })
    expect(sent.get('items[0][id]')).toMatch(/^si_/)
    expect(await subscription(s, p)).toMatchObject({
      status: 'active',
      object: { plan: 'club', pending_plan: 'reader', cancel_at_period_end: false, current_period_end: sub.current_period_end },
    })
    expect((await sessionUser(s, p)).plan).toBe('club')
    // Keeping the current plan puts Stripe's price back.
    const keep = await s.api('PATCH', '/api/account/plan', { token: p.token, body: { plan: 'club' } })
    expect(keep.status).toBe(200)
    const last = [...fake.bodies.entries()].filter(([k]) => k.startsWith('POST /v1/subscriptions/')).at(-1)![1]
    expect(last.get('items[0][price]')).not.toBe(READER_PRICE)
    expect((await subscription(s, p)).object).toMatchObject({ plan: 'club', pending_plan: null })
  })

  test('to a dearer plan: always_invoice, the prorated invoice is ours at once', async () => {
    const p = await newOwner(s)
    await upgrade(p, { plan: 'reader', token: 'pm_card_visa' })
    const before = await invoiceList(s, p)
    const res = await s.api('PATCH', '/api/account/plan', { token: p.token, body: { plan: 'club' } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const sent = [...fake.bodies.entries()].filter(([k]) => k.startsWith('POST /v1/subscriptions/')).at(-1)![1]
    expect(Object.fromEntries(sent)).toMatchObject({ proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' })
    const after = await invoiceList(s, p)
    expect(after).toHaveLength(before.length + 1)
    expect(after[0]).toMatchObject({ status: 'paid' })
    expect(after[0].total).toBeGreaterThan(0)
    expect((await sessionUser(s, p)).plan).toBe('club')
  })
})

describe('replacing the card in Stripe with nothing due', () => {
  const card = (p: Person, body: Record<string, unknown>) => s.api('PATCH', '/api/account/card', { token: p.token, body })
  const setupsSent = () => [...fake.calls.entries()].filter(([, c]) => c === 'POST /v1/setup_intents').length

  test('a card the bank challenges: a SetupIntent for renewals, confirmed with its secret; the old card stays until the repeat', async () => {
    const p = await newOwner(s)
    await upgrade(p, { plan: 'reader', token: 'pm_card_visa' })
    const before = setupsSent()
    const first = await card(p, { token: 'pm_card_authenticationRequired' })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.data).toEqual({ requires_payment_action: true, client_secret: expect.stringMatching(/^seti_\w+_secret_\w+$/) })
    expect(setupsSent()).toBe(before + 1)
    const setup = fake.bodies.get('POST /v1/setup_intents')!
    expect(Object.fromEntries(setup)).toMatchObject({ usage: 'off_session', confirm: 'true' })
    expect(await get(s, p, '/api/account/card')).toMatchObject({ last4: '4242' })

    fake.authenticate(first.body.data.client_secret, true)
    const repeat = await card(p, { payment_intent: first.body.data.client_secret.split('_secret_')[0] })
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200)
    expect(repeat.body.data.card).toMatchObject({ last4: '3155' })
    expect(await get(s, p, '/api/account/card')).toMatchObject({ last4: '3155' })
    const sent = [...fake.bodies.entries()].filter(([k]) => k.startsWith('POST /v1/subscriptions/')).at(-1)![1]
    expect(sent.get('default_payment_method')).toBe(setup.get('payment_method'))
    // Nothing was due, so nothing was charged.
    expect(await invoiceList(s, p)).toHaveLength(1)
  })

  test('a failed challenge, a declined card or another customer’s SetupIntent change nothing', async () => {
    const p = await newOwner(s)
    await upgrade(p, { plan: 'reader', token: 'pm_card_visa' })
    const first = await card(p, { token: 'pm_card_authenticationRequired' })
    fake.authenticate(first.body.data.client_secret, false)
    const failed = await card(p, { payment_intent: first.body.data.client_secret.split('_secret_')[0] })
    expect(failed.status).toBe(400)
    expect(failed.body.inputError).toBe('token')

    const declined = await card(p, { token: 'pm_card_chargeDeclined' })
    expect(declined.status).toBe(400)
    expect(declined.body).toMatchObject({ inputError: 'token', message: expect.stringContaining('declined') })

    const other = await newOwner(s)
    await upgrade(other, { plan: 'reader', token: 'pm_card_visa' })
    const theirs = await card(other, { token: 'pm_card_authenticationRequired' })
    fake.authenticate(theirs.body.data.client_secret, true)
    const stolen = await card(p, { payment_intent: theirs.body.data.client_secret.split('_secret_')[0] })
    expect(stolen.status).toBe(400)
    expect(stolen.body.inputError).toBe('payment_intent')
    // A SetupIntent id cannot pay for a plan either.
    const asPlan = await upgrade(p, { plan: 'reader', payment_intent: theirs.body.data.client_secret.split('_secret_')[0] })
    expect(asPlan.status).toBe(400)

    expect(await get(s, p, '/api/account/card')).toMatchObject({ last4: '4242' })
  })

  test('a card the bank does not challenge replaces the one on file at once', async () => {
    const p = await newOwner(s)
    await upgrade(p, { plan: 'reader', token: 'pm_card_visa' })
    const res = await card(p, { token: 'pm_card_chargeCustomerFail' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.card).toMatchObject({ last4: '0341' })
    const sent = [...fake.bodies.entries()].filter(([k]) => k.startsWith('POST /v1/subscriptions/')).at(-1)![1]
    expect(sent.get('default_payment_method')).toBe(fake.bodies.get('POST /v1/setup_intents')!.get('payment_method'))
  })
})
