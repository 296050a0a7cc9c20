import type { ValidateFunction } from 'ajv'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { KEY_SCOPES } from '~/shared/schemas/key'
import { startFakeCatalog, type FakeCatalog } from '../fixtures/open-library/server'
import { keyOwner, makeKey } from './api-keys-kit'
import { newOwner, type Person } from './billing-kit'
import { sql, startTestServer, type TestServer } from './harness'
import { bodySchema, describeErrors, makeAjv, operations, sampler, type Doc, type Operation, type Schema } from './openapi-kit'
import { prng } from './prng'

// decisions: "the OpenAPI document tells the truth". An outside client reads GET /api/openapi.json
// and draws requests from its schemas alone: every operation, with a session and (where the
// operation takes one) an API key. No answer may be a 5xx or a status the document does not list,
// a 2xx answer must match its documented schema, and a POST /api/books body the document allows
// must be accepted. The seed is printed; OPENAPI_SEED replays a run.

const SEED = Number(process.env.OPENAPI_SEED ?? 20261127)
const ROUNDS = 20
const BOOK_BODIES = 160

let s: TestServer
let catalogue: FakeCatalog
let owner: Person
let apiKey: string
let doc: Doc
/** Books of another account: their ids must read as not found here, and cannot be taken. */
const foreign: string[] = []
const slug = `conform-${SEED}`
const ajv = makeAjv()
const compiled = new Map<Schema, ValidateFunction>()
const validator = (schema: Schema) => {
  if (!compiled.has(schema)) compiled.set(schema, ajv.compile(schema))
  return compiled.get(schema)!
}

beforeAll(async () => {
  // The catalogue calls reach a catalogue that answers (the local Open Library: tests have no
  // internet), with upstream bounds the run does not reach; its 503s are tested in catalog.test.ts.
  catalogue = await startFakeCatalog()
  s = await startTestServer({
    KEY_RATE_LIMIT: '1000000',
    CATALOG_URL: catalogue.url,
    CATALOG_BURST: '1000',
    CATALOG_RATE_PER_MIN: '6000',
  })
  owner = await keyOwner(s, 'Conformance Reader')
  apiKey = (await makeKey(s, owner, [...KEY_SCOPES], 'Conformance')).full_key
  await s.query(sql`update accounts set slug = ${slug} where id = ${owner.accountId}`)
  const other = await keyOwner(s, 'Other Reader')
  for (const title of ['Middlemarch', 'Beloved', 'Solaris']) {
    const res = await s.api('POST', '/api/books', { token: other.token, body: { title } })
    foreign.push(res.body.data.id)
  }
  const res = await s.api('GET', '/api/openapi.json')
  expect(res.status).toBe(200)
  doc = res.body
  console.log(`openapi-conformance: seed ${SEED} (OPENAPI_SEED replays it)`)
})
afterAll(async () => {
  await s.close()
  await catalogue.close()
})

/**
 * The rules between values that JSON Schema cannot state, which the document states in words:
 * a book's finished date is not before its started date (a PATCH's date against the stored one
 * too), and a revoked key stays revoked (`active: true` on it is refused).
 */
function statedInWords(operation: string, body: Record<string, unknown>, answer: { inputError?: string }) {
  if (operation.includes('/api/books')) return answer.inputError === 'finished_at' || answer.inputError === 'started_at'
  return operation === 'PATCH /api/key/{id}' && answer.inputError === 'active' && body.active === true
}

/**
 * Refusals that depend on stored state or on another field, which the 400 answer's description
 * states in words: a link's token or an invite that is not live, a payment, plan or account that
 * does not exist, a card the provider does not know, a wrong password or second-factor code, a
 * passkey answer to no challenge, a role not below the caller's, a confirmation that does not repeat its value.
 */
const NAMES_STATE = [
  ...['token', 'jwt', 'invite_id', 'client_secret', 'payment_intent', 'plan', 'number', 'default_account'],
  ...['password', 'code', 'response', 'permission', 'confirm_password', 'confirm'],
]
/** Calls refused as a whole in the caller's state (no `inputError`), as the 400 description says. */
const REFUSED_IN_STATE = ['POST /api/auth/impersonate/stop', 'POST /api/add/{bookId}']
const stateRefusal = (name: string, op: Operation, answer: { inputError?: string }) => {
  const words = String(op.responses['400']?.description)
  if (answer.inputError === undefined) return REFUSED_IN_STATE.includes(name) && words.includes('no `inputError`')
  return NAMES_STATE.includes(answer.inputError) && words.includes(`\`${answer.inputError}\``)
}

/**
 * Operations whose success would change the caller for the rest of the run (end its session, close
 * or leave its account, change its password, second factor, email, public URL or plan, move its
 * billing clock): each call of these is made by a throwaway owner of its own, after the others.
 */
const ON_THROWAWAY: Record<string, string> = {
  'DELETE /api/auth': 'signs the session out',
  'DELETE /api/account': 'closes the account',
  'DELETE /api/user': 'leaves or closes the account',
  'PATCH /api/user': 'may change the email, language or support access',
  'PUT /api/user/password': 'changes the password',
  'PUT /api/user/2fa': 'turns the second factor on or off',
  'POST /api/user/2fa/verify': 'confirms the second factor',
  'POST /api/user/2fa/backup': 'replaces the backup codes',
  'POST /api/auth/switch': 'switches the session to another account',
  'POST /api/auth/impersonate/stop': 'ends a support session',
  'PATCH /api/url': 'changes the public URL the run reads',
  'POST /api/account/plan': 'pays for a plan (the local provider)',
  'PATCH /api/account/plan': 'changes the plan',
  'POST /api/account/upgrade': 'changes the plan',
  'PATCH /api/account/card': 'replaces the card',
  'POST /api/dev/clock': 'moves the billing clock',
  'POST /api/dev/card': 'makes the card fail',
  'POST /api/dev/status': 'puts the subscription on hold',
}
const THROWAWAY_ROUNDS = 6

/** The operation says it needs no credentials: an empty requirement among its `security`. */
const opensWithout = (op: Schema) => (op.security ?? []).some((r: Schema) => Object.keys(r).length === 0)

/** A key may call an operation the document gives a key scope; the rest take a session only. */
const takesKey = (op: Schema) => typeof op['x-scope'] === 'string'

describe('requests drawn from the document', () => {
  const serverErrors: string[] = []
  const wrongAnswers: string[] = []
  const refusedValid: string[] = []
  const undocumented = new Map<string, number>()
  const answeredWithout: string[] = []
  const statuses = new Map<string, Map<number, number>>()

  test('never answer 5xx or refuse a body the document allows; answers match their documented schema', async () => {
    const draw = sampler(SEED)
    const rng = prng(SEED)
    const known = { books: [] as string[], keys: [] as string[] }
    const usedKeys = new Set<string>()
    const ops = operations(doc)
    expect(ops.length).toBeGreaterThan(10)
    // Every operation's schemas compile (a pattern invalid under the `u` flag would throw here).
    for (const { op } of ops) {
      for (const p of op.parameters ?? []) validator(p.schema)
      for (const answer of Object.values(op.responses)) {
        const schema = answer.content?.['application/json']?.schema
        if (schema) validator(schema)
      }
      if (bodySchema(op)) validator(bodySchema(op)!)
    }
    const shared = ops.filter((o) => !(o.name in ON_THROWAWAY))
    const throwaway = ops.filter((o) => o.name in ON_THROWAWAY)
    console.log(
      `openapi-conformance: each call of these by a throwaway owner, ${THROWAWAY_ROUNDS} rounds, after the rest:`,
      throwaway.map((o) => `${o.name} (${ON_THROWAWAY[o.name]})`).join('; '),
    )
    const schedule = [
      ...Array.from({ length: ROUNDS }, (_, round) => shared.map((o) => ({ ...o, round }))),
      ...Array.from({ length: THROWAWAY_ROUNDS }, (_, round) => throwaway.map((o) => ({ ...o, round }))),
    ].flat()

    for (const { method, path, op, name, round } of schedule) {
      {
        const self = name in ON_THROWAWAY ? await newOwner(s, { plan: 'club', name: 'Throwaway Reader' }) : owner
        const params: Schema[] = op.parameters ?? []
        let url = path
        const headers: Record<string, string> = {}
        const query: string[] = []
        for (const p of params) {
          if (p.in === 'path') {
            // Half the time an id or slug that exists, so calls reach past "not found".
            const real =
              p.name === 'slug'
                ? [slug]
                : path.startsWith('/api/key/')
                  ? known.keys
                  : path.startsWith('/api/books/') || path.startsWith('/api/add/')
                    ? [...known.books, ...foreign]
                    : []
            const value = real.length && rng.chance(0.6) ? rng.pick(real) : String(await draw(p.schema))
            url = url.replace(`{${p.name}}`, encodeURIComponent(value))
          } else if (p.required || rng.chance(0.5)) {
            const value = String(await draw(p.schema))
            if (p.in === 'query') query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(value)}`)
            if (p.in === 'header') headers[p.name] = value
          }
        }
        // Now and then what a real client does with valid values: retry with an Idempotency-Key
        // it used before (on this call or another one), or create a book with an id that exists.
        if ('Idempotency-Key' in headers) {
          if (usedKeys.size && rng.chance(0.15)) headers['Idempotency-Key'] = rng.pick([...usedKeys])
          usedKeys.add(headers['Idempotency-Key']!)
        }
        if (query.length) url += `?${query.join('&')}`
        const schema = bodySchema(op)
        const body: Record<string, unknown> | undefined = schema ? await draw(schema) : undefined
        if (body && name === 'POST /api/books' && rng.chance(0.2)) body.id = rng.pick([...known.books, ...foreign])
        // A session, or a key where the operation takes one; a few calls with a key where it does
        // not, or with no credentials at all.
        const caller = rng.next()
        const token =
          caller < 0.05 ? undefined : (takesKey(op) ? round % 2 === 1 : caller < 0.15) ? apiKey : self.token
        const res = await s.api(method, url, { token, body, headers })

        const seen = statuses.get(name) ?? new Map<number, number>()
        statuses.set(name, seen.set(res.status, (seen.get(res.status) ?? 0) + 1))
        const call = `${method} ${url} ${JSON.stringify(body) ?? ''} → ${res.status} ${JSON.stringify(res.body)}`
        if (res.status >= 500) serverErrors.push(call)
        if (!token && res.status < 400 && !opensWithout(op)) answeredWithout.push(call)
        // Parameters are drawn from their schemas (or are real ids), so a 400 means the document
        // allowed what the server refuses, unless it is a refusal the document states in words.
        const bodyAllowed = !schema || (body !== undefined && validator(schema)(body))
        if (res.status === 400 && bodyAllowed && !statedInWords(name, body ?? {}, res.body) && !stateRefusal(name, op, res.body))
          refusedValid.push(call)
        const documented = op.responses[String(res.status)]
        if (!documented) undocumented.set(`${name} ${res.status}`, (undocumented.get(`${name} ${res.status}`) ?? 0) + 1)
        const answer = documented?.content?.['application/json']?.schema
        if (answer && !validator(answer)(res.body)) wrongAnswers.push(`${call}: ${describeErrors(validator(answer))}`)
        if (res.status >= 200 && res.status < 300) {
          if (method === 'POST' && path === '/api/books') known.books.push(res.body.data.id)
          if (method === 'POST' && path === '/api/key') known.keys.push(res.body.data.id)
        }
      }
    }

    const total = [...statuses.values()].reduce((n, m) => n + [...m.values()].reduce((a, b) => a + b, 0), 0)
    console.log(`openapi-conformance: ${total} requests over ${ops.length} operations`)
    for (const [name, m] of statuses) console.log(`  ${name}: ${[...m].map(([st, n]) => `${st}×${n}`).join(' ')}`)
    expect(serverErrors).toEqual([])
    // An operation that answered a request with no credentials says it needs none.
    expect(answeredWithout).toEqual([])
    expect(wrongAnswers).toEqual([])
    expect(refusedValid).toEqual([])
  }, 120_000)

  test('answer only statuses the document lists for the operation', () => {
    if (undocumented.size) console.log(`openapi-conformance: statuses the document does not list:`, [...undocumented])
    expect([...undocumented.keys()].sort()).toEqual([])
  })
})

test('bodies the document allows for POST /api/books are accepted', async () => {
  const op = doc.paths['/api/books']!.post!
  const schema = bodySchema(op)!
  const valid = validator(schema)
  // json-schema-faker seeds call n with seed + n: start far from the first test's seeds, so this
  // test does not redraw (and re-create) the ids the first one made and deleted.
  const draw = sampler(SEED + 1_000_000)
  const counts = { drawn: 0, schemaValid: 0, accepted: 0, datesOrder: 0 }
  const refused: string[] = []
  for (let i = 0; i < BOOK_BODIES; i++) {
    const body: Record<string, unknown> = await draw(schema)
    counts.drawn++
    // A sampler slip is not the document's fault: only bodies the document really allows count.
    if (!valid(body)) continue
    counts.schemaValid++
    const res = await s.api('POST', '/api/books', { token: i % 2 ? apiKey : owner.token, body })
    if (res.status >= 200 && res.status < 300) {
      counts.accepted++
      continue
    }
    // The one rule between two fields, which JSON Schema cannot state: the document says it in words.
    const [started, finished] = [body.started_at, body.finished_at]
    const outOfOrder = typeof started === 'string' && typeof finished === 'string' && finished < started
    if (outOfOrder && res.status === 400 && res.body.inputError === 'finished_at') {
      counts.datesOrder++
      continue
    }
    refused.push(`${JSON.stringify(body)} → ${res.status} ${JSON.stringify(res.body)}`)
  }
  console.log(
    `openapi-conformance: POST /api/books bodies drawn ${counts.drawn}, schema-valid ${counts.schemaValid}, ` +
      `accepted ${counts.accepted}, refused for finished_at before started_at ${counts.datesOrder}, ` +
      `refused otherwise ${refused.length}`,
  )
  expect(op.requestBody.content['application/json'].schema.description).toMatch(/finished_at.*started_at/)
  expect(refused).toEqual([])
  expect(counts.schemaValid).toBeGreaterThan(BOOK_BODIES * 0.9)
  expect(counts.accepted).toBeGreaterThan(counts.schemaValid * 0.9)
}, 120_000)

test('parameters are typed: `since` an integer cursor, Idempotency-Key 1–200 visible ASCII characters', () => {
  const param = (path: string, method: string, name: string) =>
    doc.paths[path]![method]!.parameters.find((p: Schema) => p.name === name)?.schema
  expect(param('/api/books', 'get', 'since')).toMatchObject({ type: 'integer', minimum: 0 })
  for (const [path, method] of [
    ['/api/books', 'post'],
    ['/api/books/{id}', 'patch'],
    ['/api/books/{id}', 'delete'],
  ] as const) {
    const key = param(path, method, 'Idempotency-Key')
    expect(key, `${method} ${path}`).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 })
    const visibleAscii = new RegExp(key.pattern, 'u')
    expect(visibleAscii.test('retry-1f3a!~')).toBe(true)
    expect(visibleAscii.test('with space')).toBe(false)
    expect(visibleAscii.test('ñ')).toBe(false)
  }
})

test('a book needs a title or a link that carries one, as anyOf', () => {
  const schema = bodySchema(doc.paths['/api/books']!.post!)!
  const valid = validator(schema)
  expect(schema.anyOf).toContainEqual({ required: ['title'] })
  expect(valid({ title: 'Piranesi' })).toBe(true)
  expect(valid({ link: 'https://www.goodreads.com/book/show/50202953-piranesi' })).toBe(true)
  expect(valid({ link: 'https://www.goodreads.com/book/show/50202953' })).toBe(false)
  expect(valid({ link: 'https://example.com/piranesi', title: 'Piranesi' })).toBe(false)
  expect(valid({ author: 'Susanna Clarke' })).toBe(false)
  expect(valid({ title: '   ' })).toBe(false)
  expect(valid({ title: 'Dune', started_at: '2024-02-30' })).toBe(false)
  expect(valid({ title: 'Dune', isbn: '9780306406158' })).toBe(false)
  expect(valid({ title: 'Dune', isbn: '978-0-306-40615-7' })).toBe(true)
})

test('operations that need no credentials answer the same when an API key is sent', async () => {
  const draw = sampler(SEED + 2_000_000)
  const open = operations(doc).filter(({ method, op }) => method === 'GET' && opensWithout(op))
  expect(open.length).toBeGreaterThan(3)
  const answers: string[] = []
  for (const { path, op, name } of open) {
    let url = path
    const query: string[] = []
    for (const p of op.parameters ?? []) {
      const value = p.name === 'slug' ? slug : String(await draw(p.schema))
      if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value))
      else if (p.in === 'query' && p.required) query.push(`${p.name}=${encodeURIComponent(value)}`)
    }
    if (query.length) url += `?${query.join('&')}`
    const without = await s.api('GET', url)
    const withKey = await s.api('GET', url, { token: apiKey })
    answers.push(`${name}: ${without.status} / key ${withKey.status}`)
    expect(op.responses[String(without.status)], `${name} ${without.status}`).toBeDefined()
    expect(withKey.status, url).toBe(without.status)
  }
  console.log(`openapi-conformance: no credentials / an API key: ${answers.join('; ')}`)
  // At least the service calls answer with success either way.
  expect(answers.filter((a) => /: 2\d\d \/ key 2\d\d/.test(a)).length).toBeGreaterThan(3)
})

test('a method a documented path does not list answers 405 with Allow naming the listed ones', async () => {
  const templates = Object.entries(doc.paths).map(([path, item]) => ({
    methods: Object.keys(item).map((m) => m.toUpperCase()),
    pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }))
  let checked = 0
  for (const [path, item] of Object.entries(doc.paths)) {
    const url = path.replace(/\{[^}]+\}/g, 'x1')
    const listed = Object.keys(item).map((m) => m.toUpperCase())
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      // Another template may take this concrete path with this method (`/api/key/{id}` for `/api/key/scopes`).
      if (templates.some((t) => t.pattern.test(url) && t.methods.includes(method))) continue
      const res = await s.api(method, url, { token: owner.token })
      expect(res.status, `${method} ${url}`).toBe(405)
      const allow = (res.headers.get('allow') ?? '').split(',').map((m) => m.trim()).filter((m) => m !== 'HEAD')
      expect(allow.sort(), `${method} ${url}`).toEqual([...listed].sort())
      checked++
    }
  }
  console.log(`openapi-conformance: ${checked} unlisted methods answered 405 with Allow`)
  expect(checked).toBeGreaterThan(100)
})
