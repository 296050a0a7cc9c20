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
