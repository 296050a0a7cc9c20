import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { newMember, newOwner, type Person } from './billing-kit'
import { keyOwner, makeKey } from './api-keys-kit'
import { sql, startTestServer, type TestServer } from './harness'

// API keys (the developer flag): the /api/key calls,
// who may make them, tenant isolation and input errors.

let s: TestServer
let owner: Person
beforeAll(async () => {
  s = await startTestServer()
  owner = await keyOwner(s, 'Key Club')
})
afterAll(() => s.close())

describe('key calls', () => {
  test('GET /api/key/scopes lists at least books.read, books.write and account.read, labelled per language', async () => {
    const en = await s.api('GET', '/api/key/scopes', { token: owner.token })
    expect(en.status).toBe(200)
    expect(en.body.data.map((o: { value: string }) => o.value)).toEqual(['books.read', 'books.write', 'account.read'])
    expect(en.body.data[0].label).toBe('Read books')
    const es = await s.api('GET', '/api/key/scopes', { token: owner.token, lang: 'es' })
    expect(es.body.data[0].label).toBe('Leer libros')
  })

  test('POST answers full_key once (tbr_ prefix); every later answer shows only the prefix and last four', async () => {
    const created = await s.api('POST', '/api/key', {
      token: owner.token,
      body: { name: '  Shortcut ', scope: ['books.write', 'books.read', 'books.write'] },
    })
    expect(created.status).toBe(200)
    const k = created.body.data
    expect(k).toMatchObject({
      name: 'Shortcut',
      scope: ['books.write', 'books.read'],
      active: true,
      last_used_at: null,
    })
    expect(k.full_key).toMatch(/^tbr_[0-9A-Za-z]{38}$/)
    expect(k.key).toBe(`${k.full_key.slice(0, 8)}…${k.full_key.slice(-4)}`)

    const one = await s.api('GET', `/api/key/${k.id}`, { token: owner.token })
    expect(one.status).toBe(200)
    expect(one.body.data).toEqual({
      id: k.id,
      name: 'Shortcut',
      scope: k.scope,
      key: k.key,
      active: true,
      created_at: k.created_at,
      last_used_at: null,
    })
    const list = await s.api('GET', '/api/key', { token: owner.token })
    expect(list.body.data.find((x: { id: string }) => x.id === k.id)).toEqual(one.body.data)
    // The secret is nowhere after creation: not in answers, not in the database.
    expect(JSON.stringify([one.body, list.body])).not.toContain(k.full_key.slice(8, -4))
    const [row] = await s.query<Record<string, string>>(sql`select * from api_keys where id = ${k.id}`)
    expect(JSON.stringify(row)).not.toContain(k.full_key.slice(8, -4))
  })

  test('PATCH renames and re-scopes; revoking is final (active: true afterwards is 400)', async () => {
    const k = await makeKey(s, owner, ['books.read'])
    const renamed = await s.api('PATCH', `/api/key/${k.id}`, {
      token: owner.token,
      body: { name: 'Blog', scope: ['account.read'] },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body.data).toMatchObject({ name: 'Blog', scope: ['account.read'], active: true })
    const revoked = await s.api('PATCH', `/api/key/${k.id}`, { token: owner.token, body: { active: false } })
    expect(revoked.status).toBe(200)
    expect(revoked.body.data.active).toBe(false)
    const back = await s.api('PATCH', `/api/key/${k.id}`, { token: owner.token, body: { active: true } })
    expect(back.status).toBe(400)
    expect(back.body).toEqual({ message: 'A revoked key cannot be made active again', inputError: 'active' })
    expect((await s.api('GET', `/api/key/${k.id}`, { token: owner.token })).body.data.active).toBe(false)
  })

  test('DELETE takes an id list, deletes only the caller’s keys and counts them', async () => {
    const a = await makeKey(s, owner, ['books.read'], 'A')
    const b = await makeKey(s, owner, ['books.read'], 'B')
    const other = await keyOwner(s)
    const theirs = await makeKey(s, other, ['books.read'])
    const res = await s.api('DELETE', '/api/key', { token: owner.token, body: { id: [a.id, b.id, theirs.id, 'nope'] } })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ deleted: 2 })
    const ids = (await s.api('GET', '/api/key', { token: owner.token })).body.data.map((x: { id: string }) => x.id)
    expect(ids).not.toContain(a.id)
    expect(ids).not.toContain(b.id)
    expect((await s.api('GET', `/api/key/${theirs.id}`, { token: other.token })).status).toBe(200)
  })

  test("another account's key id is 404 for reveal and change, like an unknown id", async () => {
    const other = await keyOwner(s)
    const theirs = await makeKey(s, other, ['books.read'])
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000']) {
      expect((await s.api('GET', `/api/key/${id}`, { token: owner.token })).status).toBe(404)
      expect((await s.api('PATCH', `/api/key/${id}`, { token: owner.token, body: { active: false } })).status).toBe(404)
    }
    expect((await s.api('GET', `/api/key/${theirs.id}`, { token: other.token })).body.data.active).toBe(true)
  })
})

test('an account may create KEY_CREATE_LIMIT keys per 15 minutes; then 429 with Retry-After, and no key', async () => {
  const busy = await keyOwner(s, 'Busy Club')
  const limit = s.deps.config.KEY_CREATE_LIMIT
  const create = (who: Person) =>
    s.api('POST', '/api/key', { token: who.token, body: { name: 'k', scope: ['books.read'] } })
  for (let i = 0; i < limit; i++) expect((await create(busy)).status).toBe(200)
  const refused = await create(busy)
  expect(refused.status).toBe(429)
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(refused.body.message).toMatch(/minute/)
  expect((await s.api('GET', '/api/key', { token: busy.token })).body.data).toHaveLength(limit)
  // Another account's count is its own.
  expect((await create(owner)).status).toBe(200)
})

describe('bad input is 400 naming the field', () => {
  test.each([
    [{ scope: ['books.read'] }, 'name', 'Please provide a descriptive name for your key'],
    [{ name: '   ', scope: ['books.read'] }, 'name', 'Please provide a descriptive name for your key'],
    [{ name: 'x'.repeat(101), scope: ['books.read'] }, 'name', 'The name can be at most 100 characters'],
    [{ name: 'A' }, 'scope', 'Please select at least one scope'],
    [{ name: 'A', scope: [] }, 'scope', 'Please select at least one scope'],
    [{ name: 'A', scope: ['books.delete'] }, 'scope', 'That scope does not exist'],
    [{ name: 'A', scope: ['books.read'], full_key: 'tbr_x' }, 'full_key', 'This field is not part of an API key'],
  ])('POST %j', async (body, field, message) => {
    const res = await s.api('POST', '/api/key', { token: owner.token, body })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message, inputError: field })
  })

  test('PATCH with nothing to change, a bad active, and DELETE without ids', async () => {
    const k = await makeKey(s, owner, ['books.read'])
    expect((await s.api('PATCH', `/api/key/${k.id}`, { token: owner.token, body: {} })).status).toBe(400)
    const active = await s.api('PATCH', `/api/key/${k.id}`, { token: owner.token, body: { active: 'no' } })
    expect(active.body).toEqual({ message: 'Active must be true or false', inputError: 'active' })
    const none = await s.api('DELETE', '/api/key', { token: owner.token, body: { id: [] } })
    expect(none.status).toBe(400)
    expect(none.body.inputError).toBe('id')
    expect((await s.api('DELETE', '/api/key', { token: owner.token, body: { id: 'x' } })).body.inputError).toBe('id')
  })
})

describe('who may manage keys', () => {
  const CALLS: [string, string, unknown?][] = [
    ['GET', '/api/key'],
    ['GET', '/api/key/scopes'],
    ['POST', '/api/key', { name: 'x', scope: ['books.read'] }],
    ['DELETE', '/api/key', { id: ['x'] }],
  ]

  test('owner and developer may; admin and user get 403 (the developer flag)', async () => {
    const developer = await newMember(s, owner.accountId, 'developer')
    expect((await s.api('GET', '/api/key', { token: developer.token })).status).toBe(200)
    const created = await makeKey(s, developer, ['books.read'], 'Dev key')
    expect((await s.api('GET', `/api/key/${created.id}`, { token: owner.token })).status).toBe(200)
    for (const role of ['admin', 'user']) {
      const member = await newMember(s, owner.accountId, role)
      for (const [method, path, body] of [
        ...CALLS,
        ['GET', `/api/key/${created.id}`],
        ['PATCH', `/api/key/${created.id}`, { active: false }],
      ] as const) {
        expect((await s.api(method, path, { token: member.token, body })).status, `${role} ${method} ${path}`).toBe(403)
      }
    }
    expect((await s.api('GET', `/api/key/${created.id}`, { token: owner.token })).body.data.active).toBe(true)
  })

  test('without a session: 401', async () => {
    for (const [method, path, body] of CALLS) expect((await s.api(method, path, { body })).status).toBe(401)
  })

  test('on a plan without API keys: 402 naming the cheapest plan that has them', async () => {
    const free = await newOwner(s)
    for (const [method, path, body] of CALLS) {
      const res = await s.api(method, path, { token: free.token, body })
      expect(res.status, `${method} ${path}`).toBe(402)
      expect(res.body.plan).toBe('club')
    }
  })

  test('an API key cannot manage keys, even with every scope (403)', async () => {
    const k = await makeKey(s, owner, ['books.read', 'books.write', 'account.read'])
    for (const [method, path, body] of CALLS) {
      expect((await s.api(method, path, { token: k.full_key, body })).status, `${method} ${path}`).toBe(403)
    }
  })
})
