import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { newMember, newOwner } from './billing-kit'
import { startTestServer, type TestServer } from './harness'

let s: TestServer
let a: Awaited<ReturnType<TestServer['signUp']>>
let b: Awaited<ReturnType<TestServer['signUp']>>
beforeAll(async () => {
  s = await startTestServer()
  ;[a, b] = await Promise.all([s.signUp({ name: 'Ana' }), s.signUp({ name: 'Ben' })])
})
afterAll(() => s.close())

describe('PATCH /api/url', () => {
  test('sets the slug and the user record shows it', async () => {
    const res = await s.api('PATCH', '/api/url', { token: a.token, body: { slug: 'ana-reads' } })
    expect(res.status).toBe(200)
    expect(res.body.data.slug).toBe('ana-reads')
    expect(res.body.message).toMatch(/old link/i)
    const me = await s.api('GET', '/api/user', { token: a.token })
    expect(me.body.data.slug).toBe('ana-reads')
  })

  test('slugs are unique without regard to case', async () => {
    const res = await s.api('PATCH', '/api/url', { token: b.token, body: { slug: 'ANA-READS' } })
    expect(res.status).toBe(400)
    expect(res.body.inputError).toBe('slug')
    const check = await s.api('GET', '/api/url/check?slug=Ana-Reads', { token: b.token })
    expect(check.body.data.available).toBe(false)
  })

  test('changing a slug frees the old one at once', async () => {
    await s.api('PATCH', '/api/url', { token: a.token, body: { slug: 'ana2' } })
    const res = await s.api('PATCH', '/api/url', { token: b.token, body: { slug: 'ana-reads' } })
    expect(res.status).toBe(200)
  })

  test.each([
    ['ab', 'too short'],
    ['a'.repeat(41), 'too long'],
    ['-abc', 'starts with a dash'],
    ['abc_', 'ends with an underscore'],
    ['has space', 'contains a space'],
    ['émile', 'non-ASCII letter'],
    ['dashboard', 'reserved route'],
    ['SignIn', 'reserved route, any case'],
    ['stats', 'reserved route (the reader’s year)'],
  ])('refuses %s (%s) with a field error', async (slug) => {
    const res = await s.api('PATCH', '/api/url', { token: a.token, body: { slug } })
    expect(res.status).toBe(400)
    expect(res.body.inputError).toBe('slug')
    expect(typeof res.body.message).toBe('string')
  })

  test('accepts letters, digits, _ and - with 3 and 40 characters', async () => {
    for (const slug of ['a_1', `x${'-'.repeat(38)}y`]) {
      const res = await s.api('PATCH', '/api/url', { token: a.token, body: { slug } })
      expect(res.status, slug).toBe(200)
    }
  })

  test('needs a session', async () => {
    expect((await s.api('PATCH', '/api/url', { body: { slug: 'nobody' } })).status).toBe(401)
  })

  test('answers in Spanish', async () => {
    const res = await s.api('PATCH', '/api/url', { token: a.token, lang: 'es', body: { slug: 'x' } })
    expect(res.body.message).toBe('Las URL solo pueden contener letras, cifras, guiones y guiones bajos (de 3 a 40), y empezar y terminar con una letra o una cifra')
  })
})

describe('GET /api/url', () => {
  test('answers the caller’s public address under APP_URL, the one base every screen shows', async () => {
    const fresh = await s.signUp({ name: 'Cleo' })
    const none = await s.api('GET', '/api/url', { token: fresh.token })
    expect(none.status).toBe(200)
    expect(none.body.data).toEqual({ slug: null, url: null, base: 'http://localhost:3000' })
    await s.api('PATCH', '/api/url', { token: fresh.token, body: { slug: 'Cleo-Reads' } })
    const set = await s.api('GET', '/api/url', { token: fresh.token })
    expect(set.body.data).toEqual({ slug: 'Cleo-Reads', url: 'http://localhost:3000/Cleo-Reads', base: 'http://localhost:3000' })
  })

  test('needs a session', async () => {
    expect((await s.api('GET', '/api/url')).status).toBe(401)
  })
})

// decisions: the account's public address is the owner's or an admin's to change. A developer's
// or user's PATCH is a 403 that leaves the address (and so everyone's shared link) as it was.
describe('who may change the account’s address', () => {
  test.each([
    ['owner', 200],
    ['admin', 200],
    ['developer', 403],
    ['user', 403],
  ] as const)('%s: %i', async (role, status) => {
    const owner = await newOwner(s, { plan: 'club', name: `Maya ${role}` })
    const start = `maya-${role}`
    expect((await s.api('PATCH', '/api/url', { token: owner.token, body: { slug: start } })).status).toBe(200)
    const member = role === 'owner' ? owner : await newMember(s, owner.accountId, role)
    const res = await s.api('PATCH', '/api/url', { token: member.token, body: { slug: `renamed-${role}` } })
    expect(res.status).toBe(status)
    const now = (await s.api('GET', '/api/url', { token: owner.token })).body.data.slug
    if (status === 403) {
      expect(typeof res.body.message).toBe('string')
      expect(now).toBe(start)
      // The shared list still answers at its address; the refused one was never taken.
      expect((await s.api('GET', `/api/public/${start}`)).status).toBe(200)
      expect((await s.api('GET', `/api/public/renamed-${role}`)).status).toBe(404)
      // Reading the address stays open to every member (the read-only link of /account/url).
      expect((await s.api('GET', '/api/url', { token: member.token })).body.data.slug).toBe(start)
    } else {
      expect(now).toBe(`renamed-${role}`)
    }
  })
})
