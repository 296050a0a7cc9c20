import { afterAll, beforeAll, expect, test } from 'vitest'
import { sql, startTestServer, type TestServer } from './harness'

// NODE_ENV=production (safe defaults): the dev paths are 404 for everyone,
// signed in or not, even though mail still goes to the outbox (MAIL_LOG=true) and payments to the
// local provider (ALLOW_TEST_PAYMENTS=true); HSTS is sent. The start refusals and the log are
// tested on the real process in safe-defaults.test.ts.

let s: TestServer
beforeAll(async () => {
  s = await startTestServer({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', MAIL_LOG: 'true' })
})
afterAll(() => s.close())

test('GET /api/dev/outbox is a JSON 404 in production, with or without ?to, even from this machine', async () => {
  const signUp = await s.api('POST', '/api/account', { body: { name: 'Prod', email: 'prod@example.com', password: 'prod pass!' } })
  expect(signUp.status).toBe(200)
  // The verification mail exists (outbox table) but cannot be read over HTTP.
  const rows = await s.query(sql`select subject from mail_outbox where "to" = 'prod@example.com'`)
  expect(rows).toEqual([{ subject: 'Verify your email address' }])
  for (const path of ['/api/dev/outbox?to=prod@example.com', '/api/dev/outbox']) {
    const res = await s.api('GET', path)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Not found' })
  }
})

test('every /api/dev path is 404 in production for everyone: signed out, signed in, an owner, an API key', async () => {
  const owner = (await s.api('POST', '/api/account', { body: { name: 'Owner', email: 'owner@example.com', password: 'prod pass!' } })).body.data
  const callers = [undefined, owner.token, 'tbr_notarealkeybutlookslikeonexxxxxxxxxxxxx']
  for (const token of callers) {
    for (const [method, path, body] of [
      ['GET', '/api/dev/outbox?to=owner@example.com', undefined],
      ['POST', '/api/dev/clock', { days: 30 }],
      ['POST', '/api/dev/card', { number: '4000000000000341' }],
      ['POST', '/api/dev/status', { status: 'trialing' }],
      ['GET', '/api/dev/anything', undefined],
    ] as const) {
      const res = await s.api(method, path, { token, body })
      expect(res.status, `${method} ${path} with ${token ? 'a token' : 'nothing'}`).toBe(404)
      expect(res.body).toEqual({ message: 'Not found' })
    }
  }
})

test('production answers carry HSTS', async () => {
  const res = await s.api('GET', '/api/health')
  expect(res.status).toBe(200)
  expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/)
})

test('the plans answer names the local provider, so billing screens show "Test mode"', async () => {
  const { token } = (await s.api('POST', '/api/account', { body: { name: 'T', email: 'test-mode@example.com', password: 'prod pass!' } })).body.data
  const plans = await s.api('GET', '/api/account/plans', { token })
  expect(plans.body.data.provider).toBe('local')
})
