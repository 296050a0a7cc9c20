import { afterAll, beforeAll, expect, test } from 'vitest'
import { pruneExpired } from '~/server/services/maintenance'
import { sql, startTestServer, type TestServer } from './harness'

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

const count = async (table: string) =>
  Number((await s.query<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n)

test('pruning drops finished rate-limit windows, spent tokens and long-dead sessions, and keeps live ones', async () => {
  const { email, token } = await s.signUp({ verify: false, plan: null })
  // A failed sign-in opens a window; a magic link leaves a live token.
  await s.api('POST', '/api/auth', { body: { email, password: 'wrong-password!' } })
  await s.api('POST', '/api/auth/magic', { body: { email } })
  await s.api('DELETE', '/api/auth', { token })
  const before = { limits: await count('rate_limits'), tokens: await count('one_time_tokens'), sessions: await count('sessions') }
  expect(before.limits).toBeGreaterThan(0)

  await pruneExpired(s.deps.db)
  // Nothing is old enough yet: everything still there except nothing.
  expect(await count('one_time_tokens')).toBe(before.tokens)
  expect(await count('sessions')).toBe(before.sessions)

  await s.query(sql`update rate_limits set reset_at = now() - interval '1 minute'`)
  await s.query(sql`update one_time_tokens set expires_at = now() - interval '2 days'`)
  await s.query(sql`update sessions set revoked_at = now() - interval '8 days' where revoked_at is not null`)
  await pruneExpired(s.deps.db)
  expect(await count('rate_limits')).toBe(0)
  expect(await count('one_time_tokens')).toBe(0)
  expect(await count('sessions')).toBe(before.sessions - 1)
})

test('event metadata is bounded', async () => {
  const { token } = await s.signUp({ verify: false, plan: null })
  const ok = await s.api('POST', '/api/event', { token, body: { name: 'signin', metadata: { via: 'password' } } })
  expect(ok.status).toBe(200)
  const big = await s.api('POST', '/api/event', { token, body: { name: 'signin', metadata: { blob: 'x'.repeat(5000) } } })
  expect(big.status).toBe(400)
  expect(big.body.inputError).toBe('metadata')
  const list = await s.api('POST', '/api/event', { token, body: { name: 'signin', metadata: [1, 2] } })
  expect(list.status).toBe(400)
})
