import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApp } from '~/server/app'
import { sql, startTestServer, type TestServer } from './harness'

// Per-IP limit on auth and mail-sending calls: AUTH_IP_LIMIT per 15 minutes (config.ts), counted
// in the database. Here the limit is 3.

let s: TestServer
let user: Awaited<ReturnType<TestServer['signUp']>>
beforeAll(async () => {
  s = await startTestServer({ AUTH_IP_LIMIT: '3' })
  user = await s.signUp({ email: 'ip@example.com', verify: false, plan: null })
})
afterAll(() => s.close())

const resetLimits = () => s.query(sql`delete from rate_limits`)

function expect429(res: { status: number; headers: Headers; body: any }) {
  expect(res.status).toBe(429)
  const retry = Number(res.headers.get('retry-after'))
  expect(retry).toBeGreaterThan(0)
  expect(retry).toBeLessThanOrEqual(900)
  expect(typeof res.body.message).toBe('string')
}

test('the 4th auth call from one address in the window is 429, even a correct sign-in; a new window lets it in', async () => {
  await resetLimits()
  for (let i = 0; i < 3; i++) {
    const res = await s.api('POST', '/api/auth', { body: { email: `who${i}@example.com`, password: 'guessing!' } })
    expect(res.status).toBe(401)
  }
  expect429(await s.api('POST', '/api/auth', { body: { email: 'ip@example.com', password: user.password } }))
  // Every auth call shares the bucket.
  expect429(
    await s.api('POST', '/api/account', { body: { name: 'New', email: 'new@example.com', password: 'new pass!' } }),
  )
  expect429(await s.api('POST', '/api/auth/magic/verify', { body: { token: 'x' } }))
  expect429(await s.api('POST', '/api/auth/password/reset', { body: { jwt: 'x', password: 'new pass!' } }))
  expect429(await s.api('POST', '/api/user/verify', { body: { token: 'x' } }))
  expect(await s.query(sql`select 1 from users where email = 'new@example.com'`)).toEqual([])
  // A forged X-Forwarded-For does not help when the server does not trust a proxy.
  expect429(
    await s.api('POST', '/api/auth', {
      body: { email: 'ip@example.com', password: user.password },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    }),
  )
  // Calls outside auth are not limited.
  expect((await s.api('GET', '/api/user', { token: user.token })).status).toBe(200)

  await s.query(sql`update rate_limits set reset_at = now() - interval '1 second' where key like 'ip:%'`)
  expect(
    (await s.api('POST', '/api/auth', { body: { email: 'ip@example.com', password: user.password } })).status,
  ).toBe(200)
})

test('mail-sending calls have their own bucket', async () => {
  await resetLimits()
  for (let i = 0; i < 3; i++) {
    expect(
      (await s.api('POST', '/api/auth/password/reset/request', { body: { email: `m${i}@example.com` } })).status,
    ).toBe(200)
  }
  expect429(await s.api('POST', '/api/auth/magic', { body: { email: 'ip@example.com' } }))
  expect429(await s.api('POST', '/api/user/verify/request', { token: user.token }))
  expect(
    (await s.api('POST', '/api/auth', { body: { email: 'ip@example.com', password: user.password } })).status,
  ).toBe(200)
})

test('behind a trusted proxy each client address (first X-Forwarded-For entry) has its own bucket', async () => {
  await resetLimits()
  const proxied = createApp({ ...s.deps, config: { ...s.deps.config, TRUST_PROXY: true } })
  const call = (ip: string) =>
    proxied.request('/api/auth/magic', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `${ip}, 10.0.0.1` },
      body: JSON.stringify({ email: `p${ip}@example.com` }),
    })
  for (let i = 0; i < 3; i++) expect((await call('198.51.100.1')).status).toBe(200)
  expect((await call('198.51.100.1')).status).toBe(429)
  expect((await call('198.51.100.2')).status).toBe(200)
})

test('over a real socket the peer address is the key', async () => {
  await resetLimits()
  const server: ServerType = await new Promise((resolve) => {
    const srv = serve({ fetch: createApp(s.deps).fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(srv))
  })
  try {
    const { port } = server.address() as AddressInfo
    const call = () =>
      fetch(`http://127.0.0.1:${port}/api/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'sock@example.com', password: 'guessing!' }),
      })
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await call()).status)
    expect(statuses).toEqual([401, 401, 401, 429])
    const keys = (await s.query<{ key: string }>(sql`select key from rate_limits where key like 'ip:%'`)).map(
      (r) => r.key,
    )
    expect(keys).toContain('ip:auth:127.0.0.1')
    // Calls from another address are not held back by the socket's count.
    expect(
      (
        await s.api('POST', '/api/auth', {
          body: { email: 'ip@example.com', password: user.password },
          peer: '192.0.2.10',
        })
      ).status,
    ).toBe(200)
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
})
