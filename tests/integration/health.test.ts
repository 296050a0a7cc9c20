import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestServer, type TestServer } from './harness'

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
