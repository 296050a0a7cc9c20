import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '~/server/app'
import { generateKey } from '~/server/lib/api-key-format'
import { API_CALLS, callKey, KEY_CALLS } from '~/shared/api/calls'
import { KEY_SCOPES } from '~/shared/schemas/key'
import type { Person } from './billing-kit'
import { exampleCalls, keyOwner, makeKey, type ExampleCall } from './api-keys-kit'
import { sql, startTestServer, type TestServer } from './harness'

// The token may be an API key: what a key may call, per scope; revoked,
// deleted and malformed keys; the key's own rate limit; and key writes reaching a phone's pull.

let s: TestServer
let owner: Person
let calls: ExampleCall[]
beforeAll(async () => {
  s = await startTestServer()
  owner = await keyOwner(s, 'Scripted Reader')
  calls = await exampleCalls(s, owner, `scripted-${randomUUID().slice(0, 8)}`)
})
afterAll(() => s.close())

const call = (c: ExampleCall, token: string) => s.api(c.method, c.path, { token, body: c.body })

describe('scopes', () => {
  test('every call a key may make has an example call (and the public list, which needs no credentials)', () => {
    expect(calls.map((c) => c.route).sort()).toEqual([...KEY_CALLS.map(callKey), 'GET /api/public/{slug}'].sort())
  })

  test.each(KEY_SCOPES)(
    'a key with only %s may make exactly the calls that scope names; the others are 403',
    async (scope) => {
      const key = await makeKey(s, owner, [scope])
      for (const c of calls) {
        const route = API_CALLS.find((r) => callKey(r) === c.route)!
        const res = await call(c, key.full_key)
        // A call that needs no credentials answers the same with any key.
        if (route.key === scope || !route.key) expect(res.status, `${c.route}: ${JSON.stringify(res.body)}`).toBe(c.status)
        else {
          expect(res.status, c.route).toBe(403)
          expect(res.body.message).toBe(`This API key does not have the ${route.key} scope`)
        }
      }
    },
  )

  test('person-only calls are 403 for a key with every scope: settings, billing, keys, team, feedback', async () => {
    const key = await makeKey(s, owner, [...KEY_SCOPES])
    const refused: [string, string, unknown?][] = [
      ['GET', '/api/user'],
      ['PATCH', '/api/user', { name: 'Mallory' }],
      ['GET', '/api/account/plans'],
      ['GET', '/api/account/subscription'],
      ['POST', '/api/account/plan', { plan: 'free' }],
      ['GET', '/api/account/users'],
      ['GET', '/api/key'],
      ['POST', '/api/key', { name: 'escalate', scope: ['books.read'] }],
      ['POST', '/api/feedback', { rating: 'positive' }],
      ['GET', '/api/no-such-call'],
    ]
    for (const [method, path, body] of refused) {
      const res = await s.api(method, path, { token: key.full_key, body })
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(res.body.message).toBe('API keys cannot make this call')
    }
    expect((await s.api('GET', '/api/user', { token: owner.token })).body.data.name).not.toBe('Mallory')
  })

  test('a key acts for its own account only: another account’s book is 404', async () => {
    const other = await keyOwner(s)
    const theirs = await s.api('POST', '/api/books', { token: other.token, body: { title: 'Theirs' } })
    const key = await makeKey(s, owner, ['books.read', 'books.write'])
    expect((await s.api('GET', `/api/books/${theirs.body.data.id}`, { token: key.full_key })).status).toBe(404)
    expect(
      (await s.api('PATCH', `/api/books/${theirs.body.data.id}`, { token: key.full_key, body: { rating: 1 } })).status,
    ).toBe(404)
    const list = await s.api('GET', '/api/books', { token: key.full_key })
    expect(list.body.data.map((b: { id: string }) => b.id)).not.toContain(theirs.body.data.id)
  })

  test('when the plan no longer includes API keys, key calls are 402', async () => {
    const downgraded = await keyOwner(s)
    const key = await makeKey(s, downgraded, ['books.read'])
    await s.query(sql`update accounts set plan = 'free' where id = ${downgraded.accountId}`)
    const res = await s.api('GET', '/api/books', { token: key.full_key })
    expect(res.status).toBe(402)
    expect(res.body.plan).toBe('club')
  })
})

describe('revoked, deleted and malformed keys', () => {
  test('a revoked key is 401 at once, and so is a deleted one; last use is recorded', async () => {
    const revoked = await makeKey(s, owner, ['books.read'])
    expect((await s.api('GET', '/api/books', { token: revoked.full_key })).status).toBe(200)
    const used = await s.api('GET', `/api/key/${revoked.id}`, { token: owner.token })
    expect(Date.parse(used.body.data.last_used_at)).toBeGreaterThan(Date.now() - 60_000)
    await s.api('PATCH', `/api/key/${revoked.id}`, { token: owner.token, body: { active: false } })
    const res = await s.api('GET', '/api/books', { token: revoked.full_key })
    expect(res.status).toBe(401)
    expect(res.body.message).toBe('This API key is not valid, or it was revoked or deleted')

    const deleted = await makeKey(s, owner, ['books.read'])
    expect((await s.api('GET', '/api/books', { token: deleted.full_key })).status).toBe(200)
    await s.api('DELETE', '/api/key', { token: owner.token, body: { id: [deleted.id] } })
    expect((await s.api('GET', '/api/books', { token: deleted.full_key })).status).toBe(401)
  })

  test('a well-formed key nobody issued is 401', async () => {
    expect((await s.api('GET', '/api/books', { token: generateKey() })).status).toBe(401)
  })

  test('malformed keys and a wrong checksum are 401 without touching the database', async () => {
    const real = (await makeKey(s, owner, ['books.read'])).full_key
    const flip = (ch: string) => (ch === 'a' ? 'b' : 'a')
    const bad = [
      'tbr_',
      'tbr_short',
      `${real}x`,
      real.slice(0, -1) + flip(real.at(-1)!), // the checksum itself mistyped
      real.slice(0, 10) + flip(real[10]!) + real.slice(11), // the secret mistyped
      real.replace('tbr_', 'tbr_-').slice(0, real.length),
    ]
    // The same app on a database that fails the test if anything asks it a thing.
    const touched: string[] = []
    const db = new Proxy(s.deps.db, {
      get(target, prop) {
        touched.push(String(prop))
        return Reflect.get(target, prop)
      },
    })
    const app = createApp({ ...s.deps, db })
    for (const token of bad) {
      const res = await app.request('/api/books', { headers: { authorization: `Bearer ${token}` } })
      expect(res.status, token).toBe(401)
    }
    expect(touched).toEqual([])
  })
})

describe('rate limit', () => {
  test('answers carry RateLimit-*; past the limit, 429 with Retry-After; other keys are unaffected', async () => {
    const limited = await startTestServer({ KEY_RATE_LIMIT: '3' })
    try {
      const p = await keyOwner(limited)
      const key = await makeKey(limited, p, ['books.read'])
      const other = await makeKey(limited, p, ['books.read'])
      const answers = []
      for (let i = 0; i < 4; i++) answers.push(await limited.api('GET', '/api/books', { token: key.full_key }))
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429])
      expect(answers.map((a) => a.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0', '0'])
      expect(answers[0]!.headers.get('ratelimit-limit')).toBe('3')
      const reset = Number(answers[3]!.headers.get('ratelimit-reset'))
      expect(reset).toBeGreaterThan(0)
      expect(reset).toBeLessThanOrEqual(60)
      expect(Number(answers[3]!.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await limited.api('GET', '/api/books', { token: other.full_key })).status).toBe(200)
      // The person's own session is not limited by the key's window.
      expect((await limited.api('GET', '/api/books', { token: p.token })).status).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe('key writes and the app', () => {
  test('a book added with a key reaches the next pull of a phone, and a retried write is applied once', async () => {
    const key = await makeKey(s, owner, ['books.write'])
    const before = (await s.api('GET', '/api/books', { token: owner.token })).body.cursor
    const headers = { 'idempotency-key': randomUUID() }
    const body = { title: 'The Left Hand of Darkness', author: 'Ursula K. Le Guin' }
    const first = await s.api('POST', '/api/books', { token: key.full_key, body, headers })
    expect(first.status).toBe(201)
    const again = await s.api('POST', '/api/books', { token: key.full_key, body, headers })
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body.data.id).toBe(first.body.data.id)
    const pull = await s.api('GET', `/api/books?since=${before}`, { token: owner.token })
    expect(pull.body.data.filter((b: { title: string }) => b.title === body.title)).toHaveLength(1)
  })
})
