import { afterAll, beforeAll, expect, test } from 'vitest'
import { sql, startTestServer, type TestServer } from './harness'

// NODE_ENV=production (decisions §3): the dev outbox path is 404 even though mail still goes to
// the outbox; HSTS is sent.

let s: TestServer
beforeAll(async () => {
  s = await startTestServer({ NODE_ENV: 'production' })
})
afterAll(() => s.close())

test('GET /api/dev/outbox is a JSON 404 in production, with or without ?to', async () => {
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

test('production answers carry HSTS', async () => {
  const res = await s.api('GET', '/api/health')
  expect(res.status).toBe(200)
  expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/)
})
