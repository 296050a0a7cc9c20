import { afterAll, beforeAll, expect, test } from 'vitest'
import { sql, startTestServer, type TestServer } from './harness'

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

test('GET /api/health answers ok while the database answers', async () => {
  const res = await s.api('GET', '/api/health')
  expect(res.status).toBe(200)
  expect(res.body).toEqual({ status: 'ok' })
})

test('unknown /api paths are JSON 404', async () => {
  const res = await s.api('GET', '/api/nothing-here')
  expect(res.status).toBe(404)
  expect(res.body.message).toBeTruthy()
})

test('connections the database drops (a restart, a failover) do not stop the server; the next call reconnects', async () => {
  const { token } = await s.signUp({ email: 'drop@example.com' })
  // Several calls at once leave several idle connections in the pool (on PostgreSQL).
  await Promise.all(Array.from({ length: 5 }, () => s.api('GET', '/api/user', { token })))
  await s.query(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)
  await new Promise((resolve) => setTimeout(resolve, 200))
  for (let i = 0; i < 3; i++) {
    const res = await s.api('GET', '/api/user', { token })
    expect(res.status).toBe(200)
    expect(res.body.data.email).toBe('drop@example.com')
  }
  expect((await s.api('GET', '/api/health')).status).toBe(200)
})

test('GET /api/health answers 503 once the database stops answering; other calls fail as JSON', async () => {
  const { token } = await s.signUp({ email: 'h@example.com', verify: false, plan: null })
  await s.deps.database.close()
  const res = await s.api('GET', '/api/health')
  expect(res.status).toBe(503)
  expect(res.body.status).not.toBe('ok')
  expect(res.headers.get('cache-control')).toBe('no-store')
  const call = await s.api('GET', '/api/user', { token })
  expect(call.status).toBe(503)
  expect(call.body.message).toMatch(/unavailable/i)
})
