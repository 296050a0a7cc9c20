import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql, tokenOf, type TestServer } from './harness'
import { Browser, landing, socialServer } from './social-kit'
import { clearOfStepEdge, codeAt, STEP_MS } from './two-factor-kit'
import type { TestOidcProvider } from '../fixtures/oidc/provider'

// The squatter attack (decisions: proof of an address resets a squatter). Someone signs up first
// with the victim's address, which they cannot verify, sets a password, a second factor and an
// API key, and keeps their session. Later the victim proves the address (a magic link, a social
// sign-in whose provider vouches for it, a password reset) and lands in that user. Whatever the
// squatter set must stop working: their session, their password, their second factor, their key.

const SLOW = { timeout: 120_000 }

let s: TestServer
let provider: TestOidcProvider
beforeAll(async () => {
  ;({ s, provider } = await socialServer())
})
afterAll(async () => {
  await s.close()
  await provider.close()
})

let n = 0
const victimAddress = () => `victim${++n}.${Date.now()}@example.com`
const SQUATTER_PASSWORD = 'squatter pass!'

/** The squatter signs up with the victim's address and arms the user: 2FA on, an API key. */
async function squat(email: string) {
  const u = await s.signUp({ email, password: SQUATTER_PASSWORD, verify: false, plan: null })
  const key = await s.api('POST', '/api/key', { token: u.token, body: { name: 'mine', scope: ['books.read'] } })
  const setup = await s.api('PUT', '/api/user/2fa', { token: u.token, body: { '2fa_enabled': true } })
  expect(setup.status).toBe(200)
  await clearOfStepEdge()
  const secret: string = setup.body.data.secret
  const on = await s.api('POST', '/api/user/2fa/verify', { token: u.token, body: { code: codeAt(secret, Date.now() - STEP_MS) } })
  expect(on.status).toBe(200)
  return { token: u.token, key: key.status === 200 ? (key.body.data.full_key as string) : null, secret }
}

/** What the squatter still has after the victim's proof: all of it must be dead. */
async function expectSquatterLockedOut(email: string, squatter: { token: string; key: string | null }, victimToken: string) {
  // The victim writes a private review; the squatter's old session cannot read it.
  const book = await s.api('POST', '/api/books', { token: victimToken, body: { title: 'Diary', review: 'private thoughts' } })
  expect(book.status).toBe(201)
  expect((await s.api('GET', '/api/books', { token: squatter.token })).status).toBe(401)
  expect((await s.api('GET', '/api/user', { token: squatter.token })).status).toBe(401)
  // The squatter's password no longer signs in (same answer as any wrong password).
  const signIn = await s.api('POST', '/api/auth', { body: { email, password: SQUATTER_PASSWORD } })
  expect(signIn.status).toBe(401)
  if (squatter.key) expect((await s.api('GET', '/api/books', { token: squatter.key })).status).toBe(401)
  const me = (await s.api('GET', '/api/user', { token: victimToken })).body.data
  expect(me).toMatchObject({ email, verified: true, '2fa_enabled': false })
}

describe('a squatter is reset by the proof of the address', SLOW, () => {
  test('magic link: the victim signs in without the squatter’s second factor; the squatter is out', async () => {
    const email = victimAddress()
    const squatter = await squat(email)
    expect((await s.api('POST', '/api/auth/magic', { body: { email } })).status).toBe(200)
    await s.settled()
    const [mail] = await s.outbox(email)
    const res = await s.api('POST', '/api/auth/magic/verify', { body: { token: tokenOf(mail!.links[0]!) } })
    expect(res.status).toBe(200)
    // The squatter's second factor does not stand between the owner of the address and the account.
    expect(res.body.data['2fa_required']).toBeUndefined()
    expect(res.body.data).toMatchObject({ email, verified: true, has_password: false })
    await expectSquatterLockedOut(email, squatter, res.body.data.token)
  })

  test('social sign-in with a verified address: the squatter is out', async () => {
    const email = victimAddress()
    const squatter = await squat(email)
    const end = landing(await new Browser(s).socialSignIn(email))
    expect(end.error).toBeNull()
    const res = await s.api('POST', '/api/auth', { body: { token: end.token } })
    expect(res.status).toBe(200)
    expect(res.body.data['2fa_required']).toBeUndefined()
    expect(res.body.data).toMatchObject({ email, verified: true, has_password: false })
    await expectSquatterLockedOut(email, squatter, res.body.data.token)
  })

  test('password reset: only the new password signs in; the squatter is out', async () => {
    const email = victimAddress()
    const squatter = await squat(email)
    await s.api('POST', '/api/auth/password/reset/request', { body: { email } })
    await s.settled()
    const [mail] = await s.outbox(email)
    const res = await s.api('POST', '/api/auth/password/reset', { body: { jwt: tokenOf(mail!.links[0]!), password: 'victim new pass!' } })
    expect(res.status).toBe(200)
    expect(res.body.data['2fa_required']).toBeUndefined()
    await expectSquatterLockedOut(email, squatter, res.body.data.token)
    expect((await s.api('POST', '/api/auth', { body: { email, password: 'victim new pass!' } })).status).toBe(200)
  })

  test('a verified user who signs in by magic link keeps their password and second factor', async () => {
    const u = await s.signUp()
    const other = await s.api('POST', '/api/auth', { body: { email: u.email, password: u.password } })
    await s.api('POST', '/api/auth/magic', { body: { email: u.email } })
    await s.settled()
    const [mail] = await s.outbox(u.email)
    const res = await s.api('POST', '/api/auth/magic/verify', { body: { token: tokenOf(mail!.links[0]!) } })
    expect(res.status).toBe(200)
    expect(res.body.data.has_password).toBe(true)
    expect((await s.api('GET', '/api/user', { token: other.body.data.token })).status).toBe(200)
    const [row] = await s.query<{ verified: boolean }>(sql`select verified from users where lower(email) = ${u.email}`)
    expect(row!.verified).toBe(true)
  })
})
