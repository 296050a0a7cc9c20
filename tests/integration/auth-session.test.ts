import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { issueToken } from '~/server/services/users'
import { sql, startTestServer, type TestServer } from './harness'

// POST|GET|DELETE /api/auth and POST /api/auth/switch: revocable sessions (decision 4) and one
// answer for a wrong password and an unknown email.

let s: TestServer
let ada: Awaited<ReturnType<TestServer['signUp']>>
beforeAll(async () => {
  s = await startTestServer()
  ada = await s.signUp({ name: 'Ada', email: 'ada@example.com' })
})
afterAll(() => s.close())

const signIn = (email: string, password: string, lang?: string) => s.api('POST', '/api/auth', { body: { email, password }, lang })

/** Every call that needs a session, with a valid body, so only the credentials can fail it. */
const AUTHENTICATED_CALLS: [string, string, unknown?][] = [
  ['GET', '/api/user'],
  ['PATCH', '/api/user', { name: 'Changed' }],
  ['GET', '/api/user/permissions'],
  ['POST', '/api/user/verify/request'],
  ['POST', '/api/event', { name: 'signin' }],
  ['GET', '/api/account/plans'],
  ['POST', '/api/account/plan', { plan: 'free' }],
  ['POST', '/api/auth/switch', { account: 'whatever' }],
]

async function expectUnauthorizedEverywhere(token: string | undefined) {
  for (const [method, path, body] of AUTHENTICATED_CALLS) {
    const res = await s.api(method, path, { token, body })
    expect(res.status, `${method} ${path}`).toBe(401)
    expect(res.body, `${method} ${path}`).toEqual({ message: 'Please sign in to continue' })
  }
}

describe('POST /api/auth', () => {
  test('signs in with email and password and answers the token and the user fields, flat', async () => {
    const res = await signIn('ADA@example.com', ada.password)
    expect(res.status).toBe(200)
    const data = res.body.data
    expect(typeof data.token).toBe('string')
    expect(data.token).not.toBe(ada.token)
    expect(data).toMatchObject({
      id: ada.user.id,
      email: 'ada@example.com',
      name: 'Ada',
      verified: true,
      plan: 'free',
      permission: 'owner',
      onboarded: false,
      has_password: true,
      duplicate_user: false,
      account_id: ada.user.account_id,
      subscription: 'active',
    })
    expect(Date.now() - Date.parse(data.last_login)).toBeLessThan(60_000)
    expect(JSON.stringify(res.body)).not.toContain(ada.password)
    const me = await s.api('GET', '/api/user', { token: data.token })
    expect(me.status).toBe(200)
  })

  test('a wrong password and an unknown email get the same status and message (no user enumeration)', async () => {
    const wrong = await signIn('ada@example.com', 'wrong password!')
    const unknown = await signIn('nobody@example.com', 'wrong password!')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual({ message: 'Invalid email or password' })
    expect(unknown.body).toEqual(wrong.body)
    const es = await signIn('nobody@example.com', 'wrong password!', 'es')
    expect(es.status).toBe(401)
    expect(es.body).toEqual({ message: 'Correo o contraseña incorrectos' })
  })

  test.each([
    ['no body', undefined, 'email'],
    ['an invalid email', { email: 'ada', password: 'x' }, 'email'],
    ['an empty password', { email: 'ada@example.com', password: '' }, 'password'],
    ['a missing password', { email: 'ada@example.com' }, 'password'],
    ['a password of the wrong type', { email: 'ada@example.com', password: 12345678 }, 'password'],
  ])('answers 400 naming the field for %s', async (_, body, field) => {
    const res = await s.api('POST', '/api/auth', { body })
    expect(res.status).toBe(400)
    expect(res.body.inputError).toBe(field)
    expect(typeof res.body.message).toBe('string')
  })

  test('a one-time sign-in token starts a session once; a bogus or reused one is 401', async () => {
    const token = await issueToken(s.deps.db, 'signin', ada.user.id, ada.email)
    const first = await s.api('POST', '/api/auth', { body: { token } })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ id: ada.user.id, email: ada.email })
    const again = await s.api('POST', '/api/auth', { body: { token } })
    expect(again.status).toBe(401)
    expect(again.body).toEqual({ message: 'This link is invalid or has expired' })
    const bogus = await s.api('POST', '/api/auth', { body: { token: 'not-a-token' } })
    expect(bogus.status).toBe(401)
  })

  test('a user with a second factor gets 2fa_required and a short-lived token that is not a session', async () => {
    const user = await s.signUp({ name: 'Two', email: 'two@example.com' })
    await s.query(sql`update users set two_factor_enabled = true where id = ${user.user.id}`)
    try {
      const res = await signIn('two@example.com', user.password)
      expect(res.status).toBe(200)
      expect(res.body.data['2fa_required']).toBe(true)
      expect(typeof res.body.data.token).toBe('string')
      expect(res.body.data.email).toBeUndefined()
      const session = await s.api('GET', '/api/auth', { token: res.body.data.token })
      expect(session.body).toEqual({ data: { authenticated: false } })
      await expectUnauthorizedEverywhere(res.body.data.token)
    } finally {
      await s.query(sql`update users set two_factor_enabled = false where id = ${user.user.id}`)
    }
  })

  test('a disabled user cannot sign in and their sessions stop working', async () => {
    const user = await s.signUp({ name: 'Gone', email: 'gone@example.com' })
    await s.query(sql`update users set disabled = true where id = ${user.user.id}`)
    const res = await signIn('gone@example.com', user.password)
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: 'Invalid email or password' })
    expect((await s.api('GET', '/api/user', { token: user.token })).status).toBe(401)
  })
})

describe('GET /api/auth', () => {
  test('without a token, or with a bad one, answers 200 authenticated false', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer nonsense' }, { authorization: 'Basic YWRhOnB3' }, { authorization: 'Bearer' }]) {
      const res = await s.api('GET', '/api/auth', { headers })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ data: { authenticated: false } })
    }
  })

  test('with a live session answers authenticated, a fresh working token and the user fields', async () => {
    const res = await s.api('GET', '/api/auth', { token: ada.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      authenticated: true,
      id: ada.user.id,
      email: 'ada@example.com',
      verified: true,
      plan: 'free',
      onboarded: false,
      permission: 'owner',
      subscription: 'active',
    })
    expect(typeof res.body.data.token).toBe('string')
    expect((await s.api('GET', '/api/user', { token: res.body.data.token })).status).toBe(200)
    // The fresh token belongs to the same session: signing it out signs out the old token too.
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  test('a token signed with another key, or for an expired session, is not a session', async () => {
    const forged = await new SignJWT({ purpose: 'session' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('tbr')
      .setSubject(ada.user.id)
      .setJti('00000000-0000-0000-0000-000000000000')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)))
    expect((await s.api('GET', '/api/auth', { token: forged })).body).toEqual({ data: { authenticated: false } })
    await expectUnauthorizedEverywhere(forged)

    const { token } = (await signIn('ada@example.com', ada.password)).body.data
    await s.query(sql`update sessions set expires_at = now() - interval '1 second' where id = (select id from sessions order by created_at desc limit 1)`)
    expect((await s.api('GET', '/api/auth', { token })).body).toEqual({ data: { authenticated: false } })
    expect((await s.api('GET', '/api/user', { token })).status).toBe(401)
  })
})

describe('DELETE /api/auth', () => {
  test('revokes the session server-side: the token then gets 401 on every other call; other sessions live on', async () => {
    const a = (await signIn('ada@example.com', ada.password)).body.data.token
    const b = (await signIn('ada@example.com', ada.password)).body.data.token
    // A refreshed token of session a is revoked with it.
    const aFresh = (await s.api('GET', '/api/auth', { token: a })).body.data.token
    const res = await s.api('DELETE', '/api/auth', { token: a })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'You have been signed out' })
    await expectUnauthorizedEverywhere(a)
    await expectUnauthorizedEverywhere(aFresh)
    expect((await s.api('GET', '/api/auth', { token: a })).body).toEqual({ data: { authenticated: false } })
    expect((await s.api('GET', '/api/user', { token: b })).status).toBe(200)
    const [row] = await s.query<{ revoked_at: unknown }>(sql`select revoked_at from sessions where revoked_at is not null`)
    expect(row).toBeTruthy()
  })

  test('without a session it still answers 200 (signing out twice is harmless)', async () => {
    const res = await s.api('DELETE', '/api/auth')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'You have been signed out' })
    const es = await s.api('DELETE', '/api/auth', { token: 'garbage', lang: 'es' })
    expect(es.body).toEqual({ message: 'Has cerrado sesión' })
  })

  test('every authenticated call answers 401 without a token', async () => {
    await expectUnauthorizedEverywhere(undefined)
  })
})

describe('POST /api/auth/switch', () => {
  let two: { token: string; first: string; second: string }
  beforeAll(async () => {
    const u = await s.signUp({ name: 'Sam', email: 'sam@example.com' })
    const dup = await s.api('POST', '/api/account', { body: { name: 'Sam Club', email: 'sam@example.com', password: u.password } })
    two = { token: u.token, first: u.user.account_id, second: dup.body.data.account_id }
  })

  test('moves the session to another account of the user and answers like a sign-in', async () => {
    const res = await s.api('POST', '/api/auth/switch', { token: two.token, body: { account: two.second } })
    expect(res.status).toBe(200)
    const data = res.body.data
    expect(typeof data.token).toBe('string')
    expect(data).toMatchObject({ account_id: two.second, account_name: 'Sam Club', permission: 'owner', plan: null, email: 'sam@example.com' })
    expect(data.accounts).toHaveLength(2)
    const me = await s.api('GET', '/api/user', { token: data.token })
    expect(me.body.data.account_id).toBe(two.second)
    // The device's previous token ends with the switch.
    expect((await s.api('GET', '/api/user', { token: two.token })).status).toBe(401)
    const back = await s.api('POST', '/api/auth/switch', { token: data.token, body: { account: two.first } })
    expect(back.status).toBe(200)
    expect(back.body.data.account_id).toBe(two.first)
    expect((await s.api('GET', '/api/user', { token: data.token })).status).toBe(401)
    two.token = back.body.data.token
  })

  test('an account the user is not a member of is 404, whether it exists or not', async () => {
    for (const account of [ada.user.account_id, 'no-such-account']) {
      const res = await s.api('POST', '/api/auth/switch', { token: two.token, body: { account } })
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: 'You are not a member of that account', inputError: 'account' })
    }
  })

  test('a missing account is 400 naming the field', async () => {
    const res = await s.api('POST', '/api/auth/switch', { token: two.token, body: {} })
    expect(res.status).toBe(400)
    expect(res.body.inputError).toBe('account')
  })

  test('a signed-in user with a second factor is not asked for it again when switching', async () => {
    await s.query(sql`update users set two_factor_enabled = true where email = 'sam@example.com'`)
    try {
      const res = await s.api('POST', '/api/auth/switch', { token: two.token, body: { account: two.second } })
      expect(res.status).toBe(200)
      expect(res.body.data['2fa_required']).toBeUndefined()
      expect(res.body.data.account_id).toBe(two.second)
      expect((await s.api('GET', '/api/user', { token: res.body.data.token })).body.data.account_id).toBe(two.second)
    } finally {
      await s.query(sql`update users set two_factor_enabled = false where email = 'sam@example.com'`)
    }
  })
})
