import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AppEnv } from '~/server/context'
import { apiPolicy } from '~/server/middleware/policy'
import { API_CALLS, callKey, matchCall, needsNoSession } from '~/shared/api/calls'
import { statusesOf } from '~/shared/api/statuses'
import { isPublicApiCall } from '~/shared/public-api'
import { newOwner, type Person } from './billing-kit'
import { makeKey } from './api-keys-kit'
import { sql, startTestServer, type TestServer } from './harness'

// Every /api call is declared once (src/shared/api/calls.ts) and the server enforces only that.
// This fails when a mounted route has no declaration or a declaration no route, when a request
// outside the table reaches a handler, and when a support session may make a call the table does
// not allow it (or may not read and change books).

let s: TestServer
let reached = 0
beforeAll(async () => {
  s = await startTestServer()
  // A handler mounted without a declaration, as a careless change would: it must never run.
  s.app.get('/api/undeclared-probe', (c) => {
    reached++
    return c.json({ data: 'leaked' })
  })
})
afterAll(() => s.close())

/** The routes the app mounts under /api (handlers with a method, not `*` middleware), as `GET /api/books/{id}`. */
function mounted(): string[] {
  const keys = s.app.routes
    .filter(
      (r) =>
        r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.endsWith('*') && r.path !== '/api/undeclared-probe',
    )
    .map((r) => `${r.method} ${r.path.replace(/:([^/]+)/g, '{$1}')}`)
  return [...new Set(keys)].sort()
}

describe('the table and the mounted routes', () => {
  test('every mounted /api route is declared, and every declaration is mounted, once', () => {
    const declared = API_CALLS.map(callKey)
    expect(new Set(declared).size, 'a call declared twice').toBe(declared.length)
    expect(
      mounted().filter((r) => !declared.includes(r)),
      'mounted without a declaration',
    ).toEqual([])
    expect(
      declared.filter((r) => !mounted().includes(r)),
      'declared but not mounted',
    ).toEqual([])
  })

  test('each declaration matches its own path (literal segments before parameters)', () => {
    for (const call of API_CALLS) {
      const concrete = call.path.replace(/\{[^}]+\}/g, 'x1')
      const found = matchCall(call.method, concrete)
      const literalTwin = API_CALLS.find((c) => c !== call && c.method === call.method && c.path === concrete)
      if (!literalTwin) expect(found && 'call' in found && callKey(found.call), callKey(call)).toBe(callKey(call))
    }
    expect(matchCall('GET', '/api/key/scopes')).toMatchObject({ call: { path: '/api/key/scopes' } })
    expect(matchCall('GET', '/api/key/abc')).toMatchObject({ call: { path: '/api/key/{id}' } })
  })

  test('a request outside the table never reaches a handler: 404, for a session and a key alike', async () => {
    const owner = await newOwner(s, { plan: 'club' })
    expect((await s.api('GET', '/api/undeclared-probe', { token: owner.token })).status).toBe(404)
    expect((await s.api('GET', '/api/undeclared-probe')).status).toBe(404)
    const key = await makeKey(s, owner, ['books.read', 'books.write', 'account.read'])
    expect((await s.api('GET', '/api/undeclared-probe', { token: key.full_key })).status).toBe(403)
    expect(reached).toBe(0)
  })

  test('a method a known path does not support answers 405 with Allow', async () => {
    const owner = await newOwner(s)
    const put = await s.api('PUT', '/api/books', { token: owner.token, body: {} })
    expect(put.status).toBe(405)
    expect(put.headers.get('allow')).toBe('GET, POST')
    expect(put.body.message).toBe('This call does not support that method')
    const get = await s.api('GET', '/api/account')
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')?.split(', ').sort()).toEqual(['DELETE', 'POST'])
    const es = await s.api('PATCH', '/api/health', { lang: 'es' })
    expect(es.status).toBe(405)
    expect(es.headers.get('allow')).toBe('GET')
    expect(es.body.message).toBe('Esta llamada no admite ese método')
  })

  test('the client’s calls without a session are the table’s (none / optional)', () => {
    for (const call of API_CALLS) {
      const open = call.who === 'none' || call.who === 'optional'
      expect(isPublicApiCall(call.method, call.path.replace(/\{[^}]+\}/g, 'x1')), callKey(call)).toBe(open)
    }
  })

  test('step-up is declared on exactly the calls that need a recent proof', () => {
    expect(
      API_CALLS.filter((c) => c.stepUp)
        .map(callKey)
        .sort(),
    ).toEqual(
      [
        'PATCH /api/user', // changing the email
        'PUT /api/user/password', // setting a first password
        'PUT /api/user/2fa', // turning the second factor on or off
        'POST /api/user/2fa/passkeys/options', // registering a passkey (the challenge)
        'POST /api/key',
        'DELETE /api/account',
        'DELETE /api/user',
      ].sort(),
    )
  })
})

describe('the OpenAPI document is the table', () => {
  let doc: { paths: Record<string, Record<string, any>> }
  beforeAll(async () => {
    doc = (await s.api('GET', '/api/openapi.json')).body
  })
  const op = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()]

  test('every call, and nothing else, with every status the call can answer', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
    )
    expect(documented.sort()).toEqual(API_CALLS.map(callKey).sort())
    for (const call of API_CALLS) {
      const o = op(call.method, call.path)
      expect(Object.keys(o.responses).map(Number), callKey(call)).toEqual(statusesOf(call))
      expect(Boolean(o.requestBody), callKey(call)).toBe(Boolean(call.input?.body))
    }
  })

  test('calls that need no credentials say so; the others need the bearer', () => {
    for (const call of API_CALLS) {
      const expected = needsNoSession(call) ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }]
      expect(op(call.method, call.path).security, callKey(call)).toEqual(expected)
    }
    for (const path of ['/api/health', '/api/openapi.json', '/api/public/{slug}'])
      expect(op('GET', path).security[0], path).toEqual({})
  })

  test('parameters are typed: `since` an integer cursor, Idempotency-Key 1–200 visible characters, path ids required', () => {
    const since = op('GET', '/api/books').parameters.find((p: any) => p.name === 'since')
    expect(since).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 0 } })
    for (const [method, path] of [
      ['POST', '/api/books'],
      ['PATCH', '/api/books/{id}'],
      ['DELETE', '/api/books/{id}'],
      ['POST', '/api/add/{bookId}'],
    ]) {
      const key = op(method!, path!).parameters.find((p: any) => p.name === 'Idempotency-Key')
      expect(key, `${method} ${path}`).toMatchObject({
        in: 'header',
        schema: { type: 'string', minLength: 1, maxLength: 200 },
      })
      expect(new RegExp(key.schema.pattern).test('ok-key_1')).toBe(true)
      expect(new RegExp(key.schema.pattern).test('with space')).toBe(false)
    }
    for (const call of API_CALLS) {
      const names = [...call.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])
      const params = (op(call.method, call.path).parameters ?? []).filter((p: any) => p.in === 'path')
      expect(
        params.map((p: any) => p.name),
        callKey(call),
      ).toEqual(names)
      for (const p of params) expect(p.required).toBe(true)
    }
  })
})

describe('calls that need no credentials', () => {
  test('answer 200 with an API key too, whatever its scopes', async () => {
    const owner = await newOwner(s, { plan: 'club' })
    const slug = `open-${owner.userId.slice(0, 8)}`
    await s.query(sql`update accounts set slug = ${slug} where id = ${owner.accountId}`)
    const key = await makeKey(s, owner, ['books.read'])
    for (const path of ['/api/health', '/api/openapi.json', `/api/public/${slug}`]) {
      const res = await s.api('GET', path, { token: key.full_key })
      expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200)
    }
  })
})

describe('a support session', () => {
  let customer: Person
  let support: string
  beforeAll(async () => {
    customer = await newOwner(s, { plan: 'club', name: 'Cora Customer' })
    await s.api('PATCH', '/api/user', { token: customer.token, body: { support_enabled: true } })
    const staff = await s.signUp({ name: 'Sam Support' })
    await s.query(sql`update users set master = true where id = ${staff.user.id}`)
    const start = await s.api('POST', '/api/support/impersonate', {
      token: staff.token,
      body: { user_id: customer.userId },
    })
    expect(start.status, JSON.stringify(start.body)).toBe(200)
    const exchanged = await s.api('POST', '/api/auth/impersonate', { body: { token: start.body.data.token } })
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200)
    support = exchanged.body.data.token
    expect((await s.api('GET', '/api/user', { token: support })).body.data).toMatchObject({ impersonating: true })
  })

  test('is refused (403, "not available in a support session") every call the table does not allow it', async () => {
    const refused = API_CALLS.filter((c) => !c.support)
    expect(refused.length).toBeGreaterThan(40)
    for (const call of refused) {
      const path = call.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')
      const res = await s.api(call.method, path, { token: support, body: call.method === 'GET' ? undefined : {} })
      expect(res.status, `${callKey(call)}: ${JSON.stringify(res.body)}`).toBe(403)
      expect(res.body.message, callKey(call)).toBe('Not available in a support session: only the person can do this')
    }
    // Nothing of the person changed, and the session still works.
    const me = await s.api('GET', '/api/user', { token: support })
    expect(me.status).toBe(200)
    expect(me.body.data).toMatchObject({ name: 'Cora Customer', impersonating: true })
  })

  test('reads the person and their books and changes books; members, notifications, keys, billing and security settings are not for it', async () => {
    for (const path of ['/api/user', '/api/books', '/api/account/usage', '/api/support/sessions']) {
      expect((await s.api('GET', path, { token: support })).status, path).toBe(200)
    }
    for (const path of [
      '/api/account/users',
      '/api/notification',
      '/api/key',
      '/api/account/subscription',
      '/api/account/invoice',
      '/api/user/2fa/passkeys',
    ]) {
      const res = await s.api('GET', path, { token: support })
      expect(res.status, path).toBe(403)
      expect(res.body.message, path).toMatch(/support session/)
    }
    const added = await s.api('POST', '/api/books', { token: support, body: { title: 'Left by support' } })
    expect(added.status).toBe(201)
    const id = added.body.data.id
    expect((await s.api('PATCH', `/api/books/${id}`, { token: support, body: { rating: 4 } })).status).toBe(200)
    const batch = await s.api('POST', '/api/books/batch', {
      token: support,
      body: {
        mutations: [{ key: crypto.randomUUID(), kind: 'book.update', id, data: { title: 'Renamed by support' } }],
      },
    })
    expect(batch.status, JSON.stringify(batch.body)).toBe(200)
    const seen = await s.api('GET', `/api/books/${id}`, { token: customer.token })
    expect(seen.body.data).toMatchObject({ title: 'Renamed by support', rating: 4 })
    expect((await s.api('DELETE', `/api/books/${id}`, { token: support })).status).toBe(200)
  })
})

describe('a per-call extra check', () => {
  test('runs after the policy on the calls it is given for, and may answer instead of the handler', async () => {
    const seen: string[] = []
    const app = new Hono<AppEnv>()
    app.use(
      '/api/*',
      apiPolicy({
        // As a step-up check is wired: only for the calls whose declaration asks for it.
        extra: (call) =>
          call.path === '/api/openapi.json'
            ? async (c) => {
                seen.push(callKey(call))
                return c.json({ message: 'refused by the extra check' }, 403)
              }
            : undefined,
      }),
    )
    app.get('/api/health', (c) => c.json({ status: 'ok' }))
    app.get('/api/openapi.json', (c) => c.json({ leaked: true }))
    expect((await app.request('/api/health')).status).toBe(200)
    const refused = await app.request('/api/openapi.json')
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ message: 'refused by the extra check' })
    expect(seen).toEqual(['GET /api/openapi.json'])
  })
})
