import { afterAll, beforeAll, expect, test } from 'vitest'
import { isPublicApiCall } from '~/shared/public-api'
import { startTestServer, type TestServer } from './harness'

// The client refuses to send a call without a session token unless src/shared/public-api.ts
// names it public (decision 28). That list must match the server: a call it
// calls private must be one the server refuses without a token (else the client loses a
// feature), and one the server refuses must not be called public (else sign-out 401s return).

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

test('every API route answers 401 without a token exactly when the client counts it private', async () => {
  const routes = new Map<string, { method: string; path: string }>()
  for (const r of s.app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith('/api/')) continue
    routes.set(`${r.method} ${r.path}`, { method: r.method, path: r.path })
  }
  expect(routes.size).toBeGreaterThan(30)
  const mismatches: string[] = []
  for (const { method, path } of routes.values()) {
    const concrete = path.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000')
    const res = await s.api(method, concrete, method === 'GET' ? {} : { body: {} })
    const serverPrivate = res.status === 401
    if (serverPrivate === isPublicApiCall(method, path)) mismatches.push(`${method} ${path} → ${res.status}`)
  }
  expect(mismatches).toEqual([])
})

test('a call is recognised with or without /api/, a query string or a trailing slash, in any case of method', () => {
  expect(isPublicApiCall('post', '/api/auth')).toBe(true)
  expect(isPublicApiCall('GET', 'auth?x=1')).toBe(true)
  expect(isPublicApiCall('GET', '/api/public/ada-reads/')).toBe(true)
  expect(isPublicApiCall('POST', '/api/auth/switch')).toBe(false)
  expect(isPublicApiCall('GET', '/api/demo')).toBe(false)
  expect(isPublicApiCall('DELETE', '/api/account')).toBe(false)
  expect(isPublicApiCall('POST', '/api/user/verify/request')).toBe(false)
  expect(isPublicApiCall('GET', '/api/public/a/b')).toBe(false)
})
