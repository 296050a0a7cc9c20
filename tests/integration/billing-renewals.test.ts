import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { memberships } from '~/server/db/schema'
import { runLocalRenewals } from '~/server/services/payments/local-renewals'
import { sql, startTestServer, type TestServer } from './harness'
import { cardBehaviour, cardToken, CARDS, clock, get, invoiceList, newMember, newOwner, sessionUser, subscribe, subscription, type Person } from './billing-kit'

// Local renewals (decision 40) driven by the dev clock: a renewal, a failed renewal and its
// banner data, a new card that makes it active again, the end of a cancelled period, seats, and
// the capabilities a plan unlocks.

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

const DAY = 86_400_000

describe('renewal', () => {
  test('at the end of the period the next one starts and is paid; the clock may cross several periods', async () => {
    const owner = await newOwner(s)
    await subscribe(s, owner, 'club')
    const first = (await subscription(s, owner)).object
    const moved = await clock(s, owner, 31)
    expect(moved.offset_days).toBe(31)
    expect(new Date(moved.now).getTime() - Date.now()).toBeGreaterThan(30 * DAY)
    const second = (await subscription(s, owner)).object
    expect(second.current_period_start).toBe(first.current_period_end)
    expect(new Date(second.current_period_end).getTime()).toBeGreaterThan(new Date(second.current_period_start).getTime() + 27 * DAY)
    let invoices = await invoiceList(s, owner)
    expect(invoices.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid'])
    expect(invoices[0].number).toMatch(/-0002$/)
    expect(invoices[0].date).toBe(first.current_period_end)
    await clock(s, owner, 62)
    invoices = await invoiceList(s, owner)
    expect(invoices).toHaveLength(4)
    expect((await subscription(s, owner)).status).toBe('active')
  })

  test('a failed renewal: past_due in the subscription and the session, an open invoice; a new card pays it and it is active again', async () => {
    const owner = await newOwner(s)
    await subscribe(s, owner, 'reader')
    await cardBehaviour(s, owner, 'decline')
    await clock(s, owner, 31)
    expect((await subscription(s, owner)).status).toBe('past_due')
    expect((await sessionUser(s, owner)).subscription).toBe('past_due')
    const [open] = await invoiceList(s, owner)
    expect(open).toMatchObject({ status: 'open', total: 5 })
    // A declined replacement changes nothing.
    const declined = await s.api('PATCH', '/api/account/card', { token: owner.token, body: { token: await cardToken(s, CARDS.declined) } })
    expect(declined.status).toBe(400)
    expect(declined.body.inputError).toBe('token')
    expect((await subscription(s, owner)).status).toBe('past_due')
    const res = await s.api('PATCH', '/api/account/card', { token: owner.token, body: { token: await cardToken(s) } })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Your card has been updated')
    expect(res.body.data.subscription.status).toBe('active')
    expect(res.body.data.card).toMatchObject({ brand: 'visa', last4: '4242' })
    expect((await invoiceList(s, owner))[0]).toMatchObject({ id: open.id, status: 'paid' })
    expect((await sessionUser(s, owner)).subscription).toBe('active')
    const [mail] = await s.outbox(owner.email)
    expect(mail!.subject).toBe('Your TBR card has changed')
    expect(mail!.text).toContain('ending in 4242')
  })

  test('a renewal that needs authentication is requires_action; the 3155 card as replacement goes through 3-D Secure and pays', async () => {
    const owner = await newOwner(s)
    await subscribe(s, owner, 'club')
    await cardBehaviour(s, owner, 'authenticate')
    await clock(s, owner, 31)
    expect((await subscription(s, owner)).status).toBe('requires_action')
    const first = await s.api('PATCH', '/api/account/card', { token: owner.token, body: { token: await cardToken(s, CARDS.auth) } })
    expect(first.body.data.requires_payment_action).toBe(true)
    expect((await subscription(s, owner)).status).toBe('requires_action')
    const confirm = await s.api('POST', '/api/payment/local/confirm', { body: { client_secret: first.body.data.client_secret, outcome: 'succeed' } })
    const done = await s.api('PATCH', '/api/account/card', { token: owner.token, body: { payment_intent: confirm.body.data.payment_intent } })
    expect(done.status).toBe(200)
    expect((await subscription(s, owner)).status).toBe('active')
    expect(await get(s, owner, '/api/account/card')).toMatchObject({ last4: '3155' })
  })

  test('a card that works again pays the open invoice at the next run; unpaid for 14 days the subscription is canceled', async () => {
    const healed = await newOwner(s)
    await subscribe(s, healed, 'reader')
    await cardBehaviour(s, healed, 'decline')
    await clock(s, healed, 31)
    await cardBehaviour(s, healed, 'succeed')
    expect((await subscription(s, healed)).status).toBe('active')
    expect((await invoiceList(s, healed))[0].status).toBe('paid')

    const lapsed = await newOwner(s)
    await subscribe(s, lapsed, 'club')
    await cardBehaviour(s, lapsed, 'decline')
    await clock(s, lapsed, 31)
    await clock(s, lapsed, 15)
    expect((await subscription(s, lapsed)).status).toBe('canceled')
    expect(await sessionUser(s, lapsed)).toMatchObject({ plan: 'club', subscription: 'canceled' })
    expect((await invoiceList(s, lapsed))[0].status).toBe('uncollectible')
    expect((await capability(lapsed)).status).toBe(402)
  })

  test('the hourly maintenance renews due subscriptions of every account', async () => {
    const owner = await newOwner(s)
    await subscribe(s, owner, 'reader')
    await s.query(sql`update billing_accounts set current_period_end = now() - interval '1 minute' where account_id = ${owner.accountId}`)
    const renewed = await runLocalRenewals(s.deps)
    expect(renewed.map((r) => r.accountId)).toContain(owner.accountId)
    expect(await invoiceList(s, owner)).toHaveLength(2)
  })
})

describe('end of a cancelled period', () => {
  test('PATCH to free, then the period ends: the free plan, no subscription, capabilities gone, plan_updated mailed', async () => {
    const owner = await newOwner(s, { name: 'Club of Ada' })
    await subscribe(s, owner, 'club')
    expect((await capability(owner)).status).toBe(200)
    await s.api('PATCH', '/api/account/plan', { token: owner.token, body: { plan: 'free' } })
    await clock(s, owner, 10)
    expect((await sessionUser(s, owner)).plan).toBe('club')
    expect((await capability(owner)).status).toBe(200)
    await clock(s, owner, 25)
    expect(await subscription(s, owner)).toEqual({ status: null, object: null })
    expect(await sessionUser(s, owner)).toMatchObject({ plan: 'free', subscription: 'active' })
    expect((await get(s, owner, '/api/account/plans')).active).toBe('free')
    expect(await invoiceList(s, owner)).toHaveLength(1)
    expect((await capability(owner)).status).toBe(402)
    const [mail] = await s.outbox(owner.email)
    expect(mail!.text).toContain('the plan of Club of Ada is now Free')
  })
})

describe('seats', () => {
  test('a per-seat plan bills the members counted at renewal: total = price × seats', async () => {
    const owner = await newOwner(s)
    await subscribe(s, owner, 'club')
    await newMember(s, owner.accountId, 'user')
    await newMember(s, owner.accountId, 'admin')
    // Local mode applies the new count at the next renewal (decision 40).
    expect((await subscription(s, owner)).object.seats).toBe(1)
    await clock(s, owner, 31)
    expect((await subscription(s, owner)).object).toMatchObject({ seats: 3, seat_price: 1200 })
    expect((await invoiceList(s, owner))[0]).toMatchObject({ total: 36 })
    await s.deps.db.delete(memberships).where(sql`${memberships.accountId} = ${owner.accountId} and ${memberships.role} = 'user'`)
    await clock(s, owner, 31)
    expect((await invoiceList(s, owner))[0]).toMatchObject({ total: 24 })
  })

  test('a plan that is not per seat bills one seat whatever the members', async () => {
    const owner = await newOwner(s)
    await newMember(s, owner.accountId, 'user')
    await subscribe(s, owner, 'reader')
    expect((await subscription(s, owner)).object.seats).toBe(1)
    expect((await invoiceList(s, owner))[0].total).toBe(5)
  })
})

describe('capabilities', () => {
  test('a call needing a capability the plan lacks is 402 naming the cheapest plan that has it', async () => {
    const owner = await newOwner(s)
    const res = await capability(owner)
    expect(res.status).toBe(402)
    expect(res.body).toEqual({ message: 'Your plan does not include this: upgrade to Book Club', plan: 'club' })
    await subscribe(s, owner, 'reader')
    expect((await capability(owner)).status).toBe(402)
    const es = await capability(owner, 'es')
    expect(es.body.message).toBe('Tu plan no incluye esto: mejora a Book Club')
  })

  test('the plans list says what each plan unlocks; every plan keeps the own list, custom URL, sync and charts', async () => {
    const owner = await newOwner(s)
    const { plans, provider } = await get(s, owner, '/api/account/plans')
    expect(provider).toBe('local')
    expect(plans.map((p: { id: string; unlocks: string[] }) => [p.id, p.unlocks])).toEqual([
      ['free', []],
      ['reader', []],
      ['club', ['team', 'api_keys']],
    ])
    expect(plans[0].features.map((f: { name: string }) => f.name)).toEqual(['Your own list', 'Custom URL', 'Offline sync', 'Charts and view statistics'])
  })
})

// A call the table of calls gives the `api_keys` capability: the list of the account's keys.
const capability = (p: Person, lang?: string) => s.api('GET', '/api/key', { token: p.token, lang })
