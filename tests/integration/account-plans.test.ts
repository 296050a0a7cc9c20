import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql, startTestServer, type TestServer } from './harness'

// GET /api/account/plans and POST /api/account/plan: the plans, the 402 for a plan a call
// needs, and who may choose (billing is the owner flag).

let s: TestServer
let owner: Awaited<ReturnType<TestServer['signUp']>>

beforeAll(async () => {
  s = await startTestServer()
  owner = await s.signUp({ name: 'Pat', email: 'pat@example.com', plan: null })
})
afterAll(() => s.close())

/** A session of a new user who is `role` in the owner's account. */
let members = 0
async function memberAs(role: string) {
  const u = await s.signUp({ name: `A ${role}`, email: `${role}${++members}@example.com`, plan: null })
  await s.query(sql`insert into memberships (user_id, account_id, role) values (${u.user.id}, ${owner.user.account_id}, ${role})`)
  const res = await s.api('POST', '/api/auth/switch', { token: u.token, body: { account: owner.user.account_id } })
  expect(res.body.data.permission).toBe(role)
  return res.body.data.token as string
}

describe('GET /api/account/plans', () => {
  test('lists the free plan and the paid plans, and the active plan (none before one is chosen)', async () => {
    const res = await s.api('GET', '/api/account/plans', { token: owner.token })
    expect(res.status).toBe(200)
    const { plans, active } = res.body.data
    expect(active).toBe(null)
    expect(plans[0]).toMatchObject({ id: 'free', name: 'Free', price: 0 })
    const paid = plans.filter((p: { price: number }) => p.price > 0)
    expect(paid.length).toBeGreaterThan(0)
    for (const plan of plans) {
      expect(typeof plan.id).toBe('string')
      expect(typeof plan.name).toBe('string')
      expect(typeof plan.type).toBe('string')
      expect(typeof plan.price).toBe('number')
      expect(typeof plan.currency_symbol).toBe('string')
      expect(plan.features.length).toBeGreaterThan(0)
      for (const f of plan.features) expect(typeof f.name).toBe('string')
    }
    for (const plan of paid) expect(['month', 'year']).toContain(plan.interval)
  })

  test('every member may read it; without a session it is 401', async () => {
    const token = await memberAs('user')
    expect((await s.api('GET', '/api/account/plans', { token })).status).toBe(200)
    expect((await s.api('GET', '/api/account/plans')).status).toBe(401)
  })
})

describe('POST /api/account/plan', () => {
  test('an unknown plan is 400 naming the field; a missing one too', async () => {
    const unknown = await s.api('POST', '/api/account/plan', { token: owner.token, body: { plan: 'platinum' } })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({ message: 'That plan does not exist', inputError: 'plan' })
    const missing = await s.api('POST', '/api/account/plan', { token: owner.token, body: {} })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ message: 'Please choose a plan', inputError: 'plan' })
    const es = await s.api('POST', '/api/account/plan', { token: owner.token, body: { plan: 'platinum' }, lang: 'es' })
    expect(es.body).toEqual({ message: 'Ese plan no existe', inputError: 'plan' })
  })

  test('a paid plan without a card is 400 on token, and the account stays without a plan (paying: billing-payments.test.ts)', async () => {
    const { plans } = (await s.api('GET', '/api/account/plans', { token: owner.token })).body.data
    const paid = plans.find((p: { price: number }) => p.price > 0)
    const res = await s.api('POST', '/api/account/plan', { token: owner.token, body: { plan: paid.id } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'Please enter your card details', inputError: 'token' })
    expect((await s.api('GET', '/api/user', { token: owner.token })).body.data.plan).toBe(null)
  })

  test.each(['admin', 'developer', 'user'])('a member with the %s role gets 403 and the plan does not change', async (role) => {
    const token = await memberAs(role)
    const res = await s.api('POST', '/api/account/plan', { token, body: { plan: 'free' } })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: 'You do not have permission to do that' })
    expect((await s.api('GET', '/api/account/plans', { token })).body.data.active).toBe(null)
  })

  test('without a session it is 401', async () => {
    expect((await s.api('POST', '/api/account/plan', { body: { plan: 'free' } })).status).toBe(401)
  })

  test('the owner chooses the free plan: the account gets it, active and subscribed', async () => {
    const res = await s.api('POST', '/api/account/plan', { token: owner.token, body: { plan: 'free' } })
    expect(res.status).toBe(200)
    // The first choice is not an update: it names the plan.
    expect(res.body.message).toBe("You're on the Free plan")
    expect(res.body.data).toMatchObject({ plan: 'free', onboarded: false })
    expect(res.body.data.user).toMatchObject({ plan: 'free', subscription: 'active', account_id: owner.user.account_id })
    expect((await s.api('GET', '/api/account/plans', { token: owner.token })).body.data.active).toBe('free')
    expect((await s.api('GET', '/api/user', { token: owner.token })).body.data).toMatchObject({ plan: 'free', subscription: 'active' })
    // Every member of the account sees the plan of the account.
    const member = await memberAs('admin')
    expect((await s.api('GET', '/api/user', { token: member })).body.data.plan).toBe('free')
  })

  test('a master member may choose the plan', async () => {
    const token = await memberAs('master')
    const res = await s.api('POST', '/api/account/plan', { token, body: { plan: 'free' } })
    expect(res.status).toBe(200)
  })
})

// These tests start a server of their own (migrations and sign-ups included): on a busy machine
// that alone can take longer than the default 30 s.
const SERVER_TEST_MS = 180_000

describe('a server with its own PLANS', () => {
  test('a first choice names the plan (translated); a change of plan says it was updated', async () => {
    const other = await startTestServer({
      PLANS: JSON.stringify([{ id: 'gift', name: 'Gift', price: 0, features: ['Shelves'] }]),
    })
    try {
      const a = await other.signUp({ email: 'gift@example.com', plan: null })
      const first = await other.api('POST', '/api/account/plan', { token: a.token, body: { plan: 'gift' } })
      expect(first.body.message).toBe("You're on the Gift plan")
      const change = await other.api('POST', '/api/account/plan', { token: a.token, body: { plan: 'free' } })
      expect(change.body.message).toBe('Your plan has been updated')
      const b = await other.signUp({ email: 'gratis@example.com', plan: null })
      const es = await other.api('POST', '/api/account/plan', { token: b.token, body: { plan: 'free' }, lang: 'es' })
      expect(es.body.message).toBe('Tienes el plan Gratis')
    } finally {
      await other.close()
    }
  }, SERVER_TEST_MS)

  test('answers the configured paid plans beside free', async () => {
    const other = await startTestServer({
      PLANS: JSON.stringify([{ id: 'gold', name: 'Gold', price: 9, interval: 'year', features: ['Shelves'] }]),
    })
    try {
      const u = await other.signUp({ email: 'gold@example.com', plan: null })
      const { plans } = (await other.api('GET', '/api/account/plans', { token: u.token })).body.data
      expect(plans.map((p: { id: string }) => p.id)).toEqual(['free', 'gold'])
      expect(plans[1]).toMatchObject({ name: 'Gold', price: 9, interval: 'year', features: [{ name: 'Shelves' }] })
      const res = await other.api('PATCH', '/api/account/plan', { token: u.token, body: { plan: 'gold' } })
      expect(res.status).toBe(402)
      expect(res.body.plan).toBe('gold')
    } finally {
      await other.close()
    }
  }, SERVER_TEST_MS)
})
