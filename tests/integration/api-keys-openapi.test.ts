import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { callKey, KEY_CALLS } from '~/shared/api/calls'
import { KEY_SCOPES } from '~/shared/schemas/key'
import type { Person } from './billing-kit'
import { exampleCalls, keyOwner, makeKey } from './api-keys-kit'
import { startTestServer, type TestServer } from './harness'

// GET /api/openapi.json is generated from the mounted routes (decision 36).
// This fails when a key route or an /api/key call is missing from the document, when the
// document names a call that is not mounted, or when a real answer differs from the documented
// response schema (checked with the document's own JSON Schema, not with our valibot schemas).

type Schema = Record<string, any>
type Doc = { openapi: string; paths: Record<string, Record<string, any>>; components: any; security: unknown }

let s: TestServer
let owner: Person
let doc: Doc
beforeAll(async () => {
  s = await startTestServer()
  owner = await keyOwner(s, 'Documented Reader')
  const res = await s.api('GET', '/api/openapi.json')
  expect(res.status).toBe(200)
  doc = res.body
})
afterAll(() => s.close())

const METHODS = ['get', 'post', 'patch', 'put', 'delete']
const documentedOps = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([m, op]) => ({ key: `${m.toUpperCase()} ${path}`, op })),
  )
/** Mounted routes in OpenAPI's path form (`/api/books/{id}`). */
const mounted = () =>
  new Set(
    s.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path.replace(/:([^/]+)/g, '{$1}')}`),
  )

describe('the document', () => {
  test('is OpenAPI 3.1 with a bearer security scheme', () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.security).toEqual([{ bearerAuth: [] }])
  })

  test('documents every call a key may make, with the scope the middleware enforces', () => {
    const ops = new Map(documentedOps().map((o) => [o.key, o.op]))
    for (const r of KEY_CALLS) expect(ops.get(callKey(r))?.['x-scope'], callKey(r)).toBe(r.key)
    const scoped = documentedOps().filter((o) => o.op['x-scope'])
    expect(scoped.map((o) => o.key).sort()).toEqual(KEY_CALLS.map(callKey).sort())
  })

  test('documents every /api/key call, and every documented call is mounted', () => {
    const keyCalls = [...mounted()].filter((k) => / \/api\/key(\/|$)/.test(k)).sort()
    expect(keyCalls).toHaveLength(6)
    expect(
      documentedOps()
        .map((o) => o.key)
        .filter((k) => / \/api\/key(\/|$)/.test(k))
        .sort(),
    ).toEqual(keyCalls)
    const routes = mounted()
    for (const { key } of documentedOps()) expect(routes.has(key), key).toBe(true)
  })

  test('request bodies are the schemas the routes validate with', () => {
    const create = doc.paths['/api/key']!.post.requestBody.content['application/json'].schema
    expect(create.required).toEqual(['name', 'scope'])
    expect(create.properties.scope.items.enum).toEqual([...KEY_SCOPES])
    expect(create.additionalProperties).toBe(false)
    expect(doc.paths['/api/books']!.post.requestBody.content['application/json'].schema.properties.title).toMatchObject(
      { maxLength: 300 },
    )
  })
})

describe('real answers match the documented response schemas', () => {
  test('every key call, made with a key', async () => {
    const key = await makeKey(s, owner, [...KEY_SCOPES])
    for (const c of await exampleCalls(s, owner, `doc-${randomUUID().slice(0, 8)}`)) {
      const res = await s.api(c.method, c.path, { token: key.full_key, body: c.body })
      expectDocumented(c.route, res.status, res.body)
    }
  })

  test('every /api/key call, made with a session', async () => {
    const k = await makeKey(s, owner, ['books.read'])
    const calls: [string, string, string, unknown?][] = [
      ['GET /api/key', 'GET', '/api/key'],
      ['GET /api/key/scopes', 'GET', '/api/key/scopes'],
      ['GET /api/key/{id}', 'GET', `/api/key/${k.id}`],
      ['POST /api/key', 'POST', '/api/key', { name: 'Doc', scope: ['books.read'] }],
      ['PATCH /api/key/{id}', 'PATCH', `/api/key/${k.id}`, { active: false }],
      ['DELETE /api/key', 'DELETE', '/api/key', { id: [k.id] }],
    ]
    for (const [route, method, path, body] of calls) {
      const res = await s.api(method, path, { token: owner.token, body })
      expectDocumented(route, res.status, res.body)
    }
  })

  test('errors have the documented { message, inputError? } shape', async () => {
    const res = await s.api('POST', '/api/key', { token: owner.token, body: { name: 'x', scope: [] } })
    expectDocumented('POST /api/key', res.status, res.body)
  })

  test('the check itself catches an undocumented field and a wrong type', () => {
    const schema = doc.paths['/api/key/{id}']!.get.responses['200'].content['application/json'].schema
    const good = {
      data: { id: 'a', name: 'n', scope: ['books.read'], key: 'k', active: true, created_at: 'c', last_used_at: null },
    }
    expect(mismatches(schema, good)).toEqual([])
    expect(mismatches(schema, { data: { ...good.data, full_key: 'tbr_x' } })).toEqual([
      '$.data.full_key: not documented',
    ])
    expect(mismatches(schema, { data: { ...good.data, active: 'yes' } })).toEqual(['$.data.active: expected boolean'])
  })
})

test('GET /api/docs leads to the reference page, which is the app’s own screen (no CDN)', async () => {
  const res = await s.app.request('/api/docs')
  expect(res.status).toBe(302)
  expect(res.headers.get('location')).toBe('/account/apikeys/docs')
  // The app's one CSP: scripts from our origin (and Stripe's), nothing from a CDN.
  expect(res.headers.get('content-security-policy')).not.toMatch(/jsdelivr|scalar/)
})

function expectDocumented(route: string, status: number, body: unknown) {
  const [method, path] = route.split(' ')
  const op = doc.paths[path!]?.[method!.toLowerCase()]
  expect(op, route).toBeDefined()
  const response = op.responses[String(status)]
  expect(response, `${route} answered ${status}, which is not documented: ${JSON.stringify(body)}`).toBeDefined()
  // The live stream is documented as text/event-stream: its first event says the cursor.
  if (response.content['text/event-stream']) {
    expect(String(body), route).toMatch(/^(retry: \d+\n)?event: ready\ndata: \{"cursor":/)
    return
  }
  expect(mismatches(response.content['application/json'].schema, body), route).toEqual([])
}

/** The JSON Schema subset hono-openapi emits: type, enum, properties, required, items, anyOf. */
function mismatches(schema: Schema, value: unknown, at = '$'): string[] {
  if (schema.anyOf) {
    return schema.anyOf.some((s: Schema) => mismatches(s, value, at).length === 0)
      ? []
      : [`${at}: matches no alternative`]
  }
  if (schema.enum && !schema.enum.includes(value)) return [`${at}: ${JSON.stringify(value)} not in enum`]
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
  if (schema.type) {
    const ok =
      schema.type === type ||
      (schema.type === 'integer' && Number.isInteger(value)) ||
      (schema.type === 'number' && type === 'number')
    if (!ok) return [`${at}: expected ${schema.type}`]
  }
  if (type === 'array' && schema.items)
    return (value as unknown[]).flatMap((v, i) => mismatches(schema.items, v, `${at}[${i}]`))
  if (type !== 'object' || !schema.properties) return []
  const obj = value as Record<string, unknown>
  const out: string[] = []
  for (const k of schema.required ?? []) if (!(k in obj)) out.push(`${at}.${k}: missing`)
  for (const [k, v] of Object.entries(obj)) {
    if (schema.properties[k]) out.push(...mismatches(schema.properties[k], v, `${at}.${k}`))
    else if (schema.additionalProperties === false) out.push(`${at}.${k}: not documented`)
  }
  return out
}
