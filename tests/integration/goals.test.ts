import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeKey } from './api-keys-kit'
import { newMember, newOwner, type Person } from './billing-kit'
import { startTestServer, type TestServer } from './harness'

// decisions, the reader's year: GET /api/goals and PUT /api/goals/{year} { books }. Validation
// (400 naming the field, never 500), tenancy (another account's goals are never seen or changed),
// exactly-once writes under an Idempotency-Key, and API keys kept out.

let s: TestServer
let alice: Person
let bob: Person
beforeAll(async () => {
  s = await startTestServer()
  alice = await newOwner(s, { name: 'Alice' })
  bob = await newOwner(s, { name: 'Bob' })
})
afterAll(() => s.close())

const put = (p: { token: string }, year: string | number, body: unknown, headers: Record<string, string> = {}) =>
  s.api('PUT', `/api/goals/${year}`, { token: p.token, body, headers })
const list = (p: { token: string }) => s.api('GET', '/api/goals', { token: p.token })

describe('setting and reading goals', () => {
  test('a new account has no goals; a goal set answers { year, books } and is listed', async () => {
    const fresh = await newOwner(s)
    expect((await list(fresh)).body).toEqual({ data: [] })
    const res = await put(fresh, 2026, { books: 24 })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ year: 2026, books: 24 })
    expect(res.body.message).toBe('Reading goal saved')
    expect((await list(fresh)).body).toEqual({ data: [{ year: 2026, books: 24 }] })
  })

  test('setting a year again replaces its goal (last write wins); years are listed oldest first', async () => {
    const p = await newOwner(s)
    await put(p, 2025, { books: 10 })
    await put(p, 2024, { books: 5 })
    await put(p, 2025, { books: 30 })
    expect((await list(p)).body.data).toEqual([
      { year: 2024, books: 5 },
      { year: 2025, books: 30 },
    ])
  })

  test('the bounds 1 and 1000 are accepted', async () => {
    expect((await put(alice, 2023, { books: 1 })).body.data).toEqual({ year: 2023, books: 1 })
    expect((await put(alice, 2023, { books: 1000 })).body.data).toEqual({ year: 2023, books: 1000 })
  })

  test('every member of the account shares its goals', async () => {
    const owner = await newOwner(s)
    const member = await newMember(s, owner.accountId, 'user')
    await put(member, 2026, { books: 40 })
    expect((await list(owner)).body.data).toEqual([{ year: 2026, books: 40 }])
  })
})

describe('bad input is a 400 naming the field, in the caller’s language', () => {
  test.each([[{ books: 0 }], [{ books: 1001 }], [{ books: 2.5 }], [{ books: '12' }], [{ books: null }], [{}]])(
    'books %j',
    async (body) => {
      const res = await put(alice, 2026, body)
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        message: 'The goal must be a whole number of books from 1 to 1000',
        inputError: 'books',
      })
    },
  )

  test.each(['abc', '20x6', '26', '0', '1899', '2101', '99999', '2026.0', '-2026'])('year %s', async (year) => {
    const res = await put(alice, year, { books: 12 })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'The year must be a whole number from 1900 to 2100', inputError: 'year' })
  })

  test('an unknown field is refused; a body that is not JSON is a 400', async () => {
    const extra = await put(alice, 2026, { books: 12, account_id: bob.accountId })
    expect(extra.status).toBe(400)
    expect(extra.body.inputError).toBe('account_id')
    const bad = await s.api('PUT', '/api/goals/2026', {
      token: alice.token,
      body: '{',
      headers: { 'content-type': 'application/json' },
    })
    expect(bad.status).toBe(400)
  })

  test('Spanish', async () => {
    const res = await s.api('PUT', '/api/goals/2026', { token: alice.token, body: { books: 0 }, lang: 'es' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('El objetivo debe ser un número entero de libros del 1 al 1000')
    const ok = await s.api('PUT', '/api/goals/2022', { token: alice.token, body: { books: 3 }, lang: 'es' })
    expect(ok.body.message).toBe('Objetivo de lectura guardado')
  })
})

describe('tenancy', () => {
  test('another account’s goals are never seen, and setting the same year changes only your own', async () => {
    await put(alice, 2020, { books: 52 })
    await put(bob, 2020, { books: 7 })
    expect((await list(bob)).body.data).toEqual([{ year: 2020, books: 7 }])
    expect((await list(alice)).body.data).toContainEqual({ year: 2020, books: 52 })
    expect(JSON.stringify((await list(bob)).body)).not.toContain('52')
  })

  test('without a session: 401; a revoked session: 401', async () => {
    expect((await s.api('GET', '/api/goals')).status).toBe(401)
    expect((await s.api('PUT', '/api/goals/2026', { body: { books: 3 } })).status).toBe(401)
    const p = await newOwner(s)
    await s.api('DELETE', '/api/auth', { token: p.token })
    expect((await list(p)).status).toBe(401)
    expect((await put(p, 2026, { books: 3 })).status).toBe(401)
  })

  test('an API key, whatever its scopes, may not read or set goals (403)', async () => {
    const owner = await newOwner(s, { plan: 'club' })
    await put(owner, 2026, { books: 9 })
    const key = await makeKey(s, owner, ['books.read', 'books.write', 'account.read'])
    const read = await s.api('GET', '/api/goals', { token: key.full_key })
    expect(read.status).toBe(403)
    expect(JSON.stringify(read.body)).not.toContain('"books":9')
    expect((await s.api('PUT', '/api/goals/2026', { token: key.full_key, body: { books: 1 } })).status).toBe(403)
    expect((await list(owner)).body.data).toEqual([{ year: 2026, books: 9 }])
  })
})

describe('Idempotency-Key', () => {
  test('a replay answers as the first call did and changes nothing, even after a newer write', async () => {
    const p = await newOwner(s)
    const key = randomUUID()
    const first = await put(p, 2026, { books: 12 }, { 'idempotency-key': key })
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    await put(p, 2026, { books: 20 })
    const again = await put(p, 2026, { books: 12 }, { 'idempotency-key': key })
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect((await list(p)).body.data).toEqual([{ year: 2026, books: 20 }])
  })

  test('the same key with another payload is 422; a malformed key is 400', async () => {
    const p = await newOwner(s)
    const key = randomUUID()
    await put(p, 2026, { books: 12 }, { 'idempotency-key': key })
    expect((await put(p, 2026, { books: 13 }, { 'idempotency-key': key })).status).toBe(422)
    expect((await put(p, 2027, { books: 12 }, { 'idempotency-key': key })).status).toBe(422)
    const bad = await put(p, 2026, { books: 12 }, { 'idempotency-key': 'has space' })
    expect(bad.status).toBe(400)
    expect(bad.body.inputError).toBe('Idempotency-Key')
    expect((await list(p)).body.data).toEqual([{ year: 2026, books: 12 }])
  })

  test('keys are per account: another account’s key does not replay into yours', async () => {
    const key = randomUUID()
    const p = await newOwner(s)
    const q = await newOwner(s)
    await put(p, 2026, { books: 12 }, { 'idempotency-key': key })
    const res = await put(q, 2026, { books: 12 }, { 'idempotency-key': key })
    expect(res.headers.get('idempotent-replayed')).toBeNull()
    expect((await list(q)).body.data).toEqual([{ year: 2026, books: 12 }])
  })
})
