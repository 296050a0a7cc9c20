import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql, startTestServer, type TestServer } from './harness'
import { cardToken, CARDS, get, invoiceList, newOwner, sessionUser, subscribe, subscription } from './billing-kit'

// The local provider's contract (decision 33) through the API: the three test cards, tokens,
// 3-D Secure passed and failed, declines, and what a paid plan leaves behind (subscription,
// invoice, card). Renewals are in billing-renewals.test.ts, access and replays in billing-access.

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

const year = new Date().getUTCFullYear() + 2

describe('POST /api/payment/local/token', () => {
  test('each test card gets a single-use tok_ token, without a session; spaces are ignored', async () => {
    for (const number of [CARDS.ok, CARDS.auth, CARDS.declined.replace(/ /g, ''), ' 4242424242424242 ']) {
      const res = await s.api('POST', '/api/payment/local/token', { body: { number, exp_month: 1, exp_year: year, cvc: '999' } })
      expect(res.status).toBe(200)
      expect(res.body.data.token).toMatch(/^tok_[A-Za-z0-9_-]{20,}$/)
    }
  })

  test('any other number is 400 on number; nothing about the card is stored', async () => {
    const res = await s.api('POST', '/api/payment/local/token', { body: { number: '4111 1111 1111 1111', exp_month: 1, exp_year: year, cvc: '123' } })
    expect(res.status).toBe(400)
    expect(res.body.inputError).toBe('number')
    expect(res.body.message).toMatch(/4242 4242 4242 4242/)
    const junk = await s.api('POST', '/api/payment/local/token', { body: { number: 'abc', exp_month: 1, exp_year: year, cvc: '123' } })
    expect(junk.body).toEqual({ message: 'Please enter a valid card number', inputError: 'number' })
  })

  test('expiry and CVC are checked: past, impossible month, short code', async () => {
    const base = { number: CARDS.ok, exp_month: 1, exp_year: year, cvc: '123' }
    const cases: [Record<string, unknown>, string][] = [
      [{ exp_year: 2020 }, 'exp_year'],
      [{ exp_month: 13 }, 'exp_month'],
      [{ cvc: '12' }, 'cvc'],
      [{ exp_month: 'x' }, 'exp_month'],
    ]
    for (const [change, field] of cases) {
      const res = await s.api('POST', '/api/payment/local/token', { body: { ...base, ...change } })
      expect(res.status, JSON.stringify(change)).toBe(400)
      expect(res.body.inputError).toBe(field)
    }
    // Two-digit years are 20YY, as printed on the card.
    const short = await s.api('POST', '/api/payment/local/token', { body: { ...base, exp_year: year % 100, exp_month: '03' } })
    expect(short.status).toBe(200)
  })

  test('a token is used once, and not after an hour', async () => {
    const owner = await newOwner(s)
    const token = await cardToken(s)
    expect((await s.api('POST', '/api/account/upgrade', { token: owner.token, body: { plan: 'reader', token } })).status).toBe(200)
    const other = await newOwner(s)
    const again = await s.api('POST', '/api/account/upgrade', { token: other.token, body: { plan: 'reader', token } })
    expect(again.status).toBe(400)
    expect(again.body.inputError).toBe('token')
    const old = await cardToken(s)
    await s.query(sql`update card_tokens set expires_at = now() - interval '1 second' where used_at is null`)
    const late = await s.api('POST', '/api/account/upgrade', { token: other.token, body: { plan: 'reader', token: old } })
    expect(late.status).toBe(400)
    expect(late.body.inputError).toBe('token')
    expect((await subscription(s, other)).status).toBe(null)
  })
})

describe('paying for a plan', () => {
  test('4242: the sign-up choice of a paid plan starts an active subscription, a paid invoice and the card on file', async () => {
    const owner = await newOwner(s, { plan: null, name: 'Ada Club' })
    const res = await s.api('POST', '/api/account/plan', { token: owner.token, body: { plan: 'club', token: await cardToken(s) } })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe("You're on the Book Club plan")
    expect(res.body.data).toMatchObject({ plan: 'club', user: { plan: 'club', subscription: 'active' } })
    const sub = await subscription(s, owner)
    expect(sub.status).toBe('active')
    expect(sub.object).toMatchObject({ plan: 'club', cancel_at_period_end: false, seats: 1, seat_price: 1200, currency_symbol: '$', interval: 'month' })
    const start = new Date(sub.object.current_period_start)
    const end = new Date(sub.object.current_period_end)
    expect(Math.abs(start.getTime() - Date.now())).toBeLessThan(60_000)
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12)
    expect(res.body.data.subscription).toEqual(sub)
    const [invoice, ...rest] = await invoiceList(s, owner)
    expect(rest).toEqual([])
    expect(invoice).toMatchObject({ status: 'paid', total: 12, currency: 'usd', currency_symbol: '$' })
    expect(invoice.number).toMatch(/^[A-Z0-9]{1,8}-0001$/)
    expect(invoice.invoice_pdf).toBe(`/api/account/invoice/${invoice.id}/pdf`)
    expect(await get(s, owner, '/api/account/card')).toEqual({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: expect.any(Number) })
    expect((await get(s, owner, '/api/account/plans')).active).toBe('club')
    expect((await sessionUser(s, owner)).subscription).toBe('active')
  })

  test('0002: declined is 400 on token naming the decline; nothing is charged or changed', async () => {
    const owner = await newOwner(s)
    const res = await s.api('POST', '/api/account/upgrade', { token: owner.token, body: { plan: 'club', token: await cardToken(s, CARDS.declined) } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'Your card was declined. Nothing was charged; please use another card.', inputError: 'token' })
    expect(await subscription(s, owner)).toEqual({ status: null, object: null })
    expect(await invoiceList(s, owner)).toEqual([])
    expect(await get(s, owner, '/api/account/card')).toBe(null)
    expect((await sessionUser(s, owner)).plan).toBe('free')
    const es = await s.api('POST', '/api/account/upgrade', { token: owner.token, lang: 'es', body: { plan: 'club', token: await cardToken(s, CARDS.declined) } })
    expect(es.body.message).toBe('Tu tarjeta fue rechazada. No se ha cobrado nada; usa otra tarjeta.')
  })

  test('3155 passed: requires_payment_action and nothing changes; confirm succeed; the repeat with payment_intent completes it once', async () => {
    const owner = await newOwner(s)
    const body = { plan: 'reader', token: await cardToken(s, CARDS.auth) }
    const first = await s.api('POST', '/api/account/upgrade', { token: owner.token, body })
    expect(first.status).toBe(200)
    expect(first.body.data).toEqual({ requires_payment_action: true, client_secret: expect.stringMatching(/^pi_\w+_secret_/) })
    expect((await subscription(s, owner)).status).toBe(null)
    expect(await invoiceList(s, owner)).toEqual([])
    const confirm = await s.api('POST', '/api/payment/local/confirm', { body: { client_secret: first.body.data.client_secret, outcome: 'succeed' } })
    expect(confirm.status).toBe(200)
    expect(confirm.body.data).toEqual({ payment_intent: expect.stringMatching(/^pi_/), status: 'succeeded' })
    const repeat = await s.api('POST', '/api/account/upgrade', { token: owner.token, body: { ...body, payment_intent: confirm.body.data.payment_intent } })
    expect(repeat.status).toBe(200)
    expect(repeat.body.data.user).toMatchObject({ plan: 'reader', subscription: 'active' })
    expect((await subscription(s, owner)).object).toMatchObject({ plan: 'reader', seat_price: 500, seats: 1 })
    expect(await get(s, owner, '/api/account/card')).toMatchObject({ last4: '3155' })
    // A retried repeat (the answer was lost) changes nothing more: still one invoice.
    const again = await s.api('POST', '/api/account/upgrade', { token: owner.token, body: { ...body, payment_intent: confirm.body.data.payment_intent } })
    expect(again.status).toBe(200)
    expect(await invoiceList(s, owner)).toHaveLength(1)
    expect((await invoiceList(s, owner))[0]).toMatchObject({ status: 'paid', total: 5 })
  })

  test('3155 failed: the repeat is a card error on token, nothing is charged', async () => {
    const owner = await newOwner(s)
    const first = await s.api('POST', '/api/account/upgrade', { token: owner.token, body: { plan: 'club', token: await cardToken(s, CARDS.auth) } })
    const secret = first.body.data.client_secret
    const failed = await s.api('POST', '/api/payment/local/confirm', { body: { client_secret: secret, outcome: 'fail' } })
    expect(failed.body.data.status).toBe('failed')
    // Confirming again answers the same: the bank's answer does not change.
    const twice = await s.api('POST', '/api/payment/local/confirm', { body: { client_secret: secret, outcome: 'succeed' } })
    expect(twice.body.data).toEqual(failed.body.data)
    const repeat = await s.api('POST', '/api/account/upgrade', { token: owner.token, body: { plan: 'club', payment_intent: failed.body.data.payment_intent } })
    expect(repeat.status).toBe(400)
    expect(repeat.body.inputError).toBe('token')
    expect(repeat.body.message).toMatch(/could not be authenticated/)
    expect(await subscription(s, owner)).toEqual({ status: null, object: null })
    expect(await invoiceList(s, owner)).toEqual([])
  })

  test('a payment intent completes only its own account, its own call and only once confirmed', async () => {
    const a = await newOwner(s)
    const b = await newOwner(s)
    const first = await s.api('POST', '/api/account/upgrade', { token: a.token, body: { plan: 'club', token: await cardToken(s, CARDS.auth) } })
    const pi = first.body.data.client_secret.split('_secret_')[0]
    const early = await s.api('POST', '/api/account/upgrade', { token: a.token, body: { plan: 'club', payment_intent: pi } })
    expect(early.status).toBe(400)
    expect(early.body.inputError).toBe('payment_intent')
    await s.api('POST', '/api/payment/local/confirm', { body: { client_secret: first.body.data.client_secret, outcome: 'succeed' } })
    const stolen = await s.api('POST', '/api/account/upgrade', { token: b.token, body: { plan: 'club', payment_intent: pi } })
    expect(stolen.status).toBe(400)
    expect(stolen.body.inputError).toBe('payment_intent')
    const otherPlan = await s.api('POST', '/api/account/upgrade', { token: a.token, body: { plan: 'reader', payment_intent: pi } })
    expect(otherPlan.status).toBe(400)
    const card = await s.api('PATCH', '/api/account/card', { token: a.token, body: { payment_intent: pi } })
    expect(card.status).toBe(400)
    expect((await subscription(s, b)).status).toBe(null)
    expect((await s.api('POST', '/api/account/upgrade', { token: a.token, body: { plan: 'club', payment_intent: pi } })).status).toBe(200)
    expect((await subscription(s, a)).status).toBe('active')
  })

  test('with the local provider the Stripe webhook is not there', async () => {
    const res = await s.api('POST', '/api/payment/stripe/webhook', { body: {}, headers: { 'stripe-signature': 't=1,v1=x' } })
    expect(res.status).toBe(404)
  })

  test('confirm: an unknown client secret is 400 on client_secret; the outcome is checked', async () => {
    const unknown = await s.api('POST', '/api/payment/local/confirm', { body: { client_secret: 'pi_x_secret_y', outcome: 'succeed' } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.inputError).toBe('client_secret')
    const bad = await s.api('POST', '/api/payment/local/confirm', { body: { client_secret: 'pi_x_secret_y', outcome: 'maybe' } })
    expect(bad.body.inputError).toBe('outcome')
  })

  test('a paid plan needs a card: without a token it is 400 on token; an unknown plan 400 on plan; upgrade to free 400 on plan', async () => {
    const owner = await newOwner(s, { plan: null })
    const none = await s.api('POST', '/api/account/plan', { token: owner.token, body: { plan: 'club' } })
    expect(none.status).toBe(400)
    expect(none.body).toEqual({ message: 'Please enter your card details', inputError: 'token' })
    const unknown = await s.api('POST', '/api/account/upgrade', { token: owner.token, body: { plan: 'gold', token: 'tok_x' } })
    expect(unknown.body).toEqual({ message: 'That plan does not exist', inputError: 'plan' })
    const free = await s.api('POST', '/api/account/upgrade', { token: owner.token, body: { plan: 'free', token: await cardToken(s) } })
    expect(free.status).toBe(400)
    expect(free.body.inputError).toBe('plan')
    expect((await sessionUser(s, owner)).plan).toBe(null)
  })
})

describe('changing plan', () => {
  test('PATCH to free cancels at period end: the answer names the end date, the plan and features stay until then', async () => {
    const owner = await newOwner(s)
    await subscribe(s, owner, 'club')
    const end = (await subscription(s, owner)).object.current_period_end
    const res = await s.api('PATCH', '/api/account/plan', { token: owner.token, body: { plan: 'free' } })
    expect(res.status).toBe(200)
    expect(res.body.data.ends_at).toBe(end)
    expect(res.body.message).toBe(`Your plan changes to Free on ${end.slice(0, 10)}. You keep your features until then.`)
    expect(res.body.data.plan).toBe('club')
    const sub = await subscription(s, owner)
    expect(sub).toMatchObject({ status: 'active', object: { cancel_at_period_end: true, plan: 'club' } })
    // Choosing a cheaper paid plan before the end replaces the cancel: that plan from the end of the period.
    const back = await s.api('PATCH', '/api/account/plan', { token: owner.token, body: { plan: 'reader' } })
    expect(back.status).toBe(200)
    expect(back.body.data.subscription).toMatchObject({ status: 'active', object: { plan: 'club', pending_plan: 'reader', cancel_at_period_end: false, seat_price: 1200 } })
    expect((await sessionUser(s, owner)).plan).toBe('club')
  })

  test('PATCH to a paid plan without a subscription is 402 naming it; free to free is fine', async () => {
    const owner = await newOwner(s)
    const res = await s.api('PATCH', '/api/account/plan', { token: owner.token, body: { plan: 'club' } })
    expect(res.status).toBe(402)
    expect(res.body).toEqual({ message: 'This plan needs a card: upgrade to continue', plan: 'club' })
    const free = await s.api('PATCH', '/api/account/plan', { token: owner.token, body: { plan: 'free' } })
    expect(free.status).toBe(200)
    expect(free.body.data.subscription).toEqual({ status: null, object: null })
  })

  test('upgrading a live subscription with a new card switches plan and card; plan_updated is mailed', async () => {
    const owner = await newOwner(s)
    await subscribe(s, owner, 'reader')
    const res = await s.api('POST', '/api/account/upgrade', { token: owner.token, body: { plan: 'club', token: await cardToken(s, CARDS.auth) } })
    expect(res.body.data.requires_payment_action).toBe(true)
    const { body } = await s.api('POST', '/api/payment/local/confirm', { body: { client_secret: res.body.data.client_secret, outcome: 'succeed' } })
    const done = await s.api('POST', '/api/account/upgrade', { token: owner.token, body: { plan: 'club', payment_intent: body.data.payment_intent } })
    expect(done.status).toBe(200)
    // The prorated difference for the rest of the period was charged at once.
    expect(done.body.message).toMatch(/^Your plan is now Book Club\. \$\d+\.\d\d was charged for the rest of this period\.$/)
    expect((await subscription(s, owner)).object).toMatchObject({ plan: 'club', seat_price: 1200 })
    expect(await get(s, owner, '/api/account/card')).toMatchObject({ last4: '3155' })
    const [mail] = await s.outbox(owner.email)
    expect(mail!.subject).toBe('Your TBR plan has changed')
    expect(mail!.text).toContain('Book Club')
  })
})
