import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { newOwner } from './billing-kit'
import { sql, startTestServer, tokenOf, type TestServer } from './harness'
import { startSmtpInbox } from './smtp-kit'
import { codeAt, pendingToken, userWith2fa } from './two-factor-kit'

// decisions: second factor first, enumeration. The attacker knows (or guessed) a password of a
// user with 2FA on, but not the code: the password alone must create and join nothing, and a
// pending second-factor token must die when the owner resets the password. Sign-up must not tell
// which addresses have an account, and reset and magic-link requests must not either by their time.

const SLOW = { timeout: 120_000 }

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(async () => {
  await s.close()
})

const accountsOf = async (userId: string) =>
  (await s.query<{ n: number }>(sql`select count(*)::int as n from memberships where user_id = ${userId}`))[0]!.n

describe('second factor first', SLOW, () => {
  test('sign-up with a 2FA user’s email and password creates nothing until the code', async () => {
    const u = await userWith2fa(s)
    const before = await accountsOf(u.user.id)
    const res = await s.api('POST', '/api/account', { body: { name: 'Sneaky Second', email: u.email, password: u.password } })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ '2fa_required': true, token: expect.any(String) })
    expect(await accountsOf(u.user.id)).toBe(before)
    // The pending token is no session.
    expect((await s.api('GET', '/api/user', { token: res.body.data.token })).status).toBe(401)
    const otp = await s.api('POST', '/api/auth/otp', { body: { code: codeAt(u.secret), jwt: res.body.data.token } })
    expect(otp.status, JSON.stringify(otp.body)).toBe(200)
    expect(otp.body.data).toMatchObject({ account_name: 'Sneaky Second', duplicate_user: true, permission: 'owner' })
    expect(await accountsOf(u.user.id)).toBe(before + 1)
  })

  test('invite accept with email and password joins nothing until the code', async () => {
    const u = await userWith2fa(s)
    const owner = await newOwner(s, { plan: 'club', name: 'Book Club' })
    expect((await s.api('POST', '/api/invite', { token: owner.token, body: { email: u.email, permission: 'user' } })).status).toBe(200)
    const url = new URL((await s.outbox(u.email))[0]!.links[0]!)
    const link = { invite_id: url.searchParams.get('invite_id')!, token: url.searchParams.get('token')! }
    const res = await s.api('POST', '/api/invite/accept', { body: { ...link, email: u.email, password: u.password } })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ '2fa_required': true, token: expect.any(String) })
    const members = await s.query(sql`select 1 from memberships where user_id = ${u.user.id} and account_id = ${owner.accountId}`)
    expect(members).toHaveLength(0)
    const otp = await s.api('POST', '/api/auth/otp', { body: { code: codeAt(u.secret), jwt: res.body.data.token } })
    expect(otp.status, JSON.stringify(otp.body)).toBe(200)
    expect(otp.body.data).toMatchObject({ account_id: owner.accountId, account_name: 'Book Club', permission: 'user' })
  })

  test('a password reset voids a pending second-factor token', async () => {
    const u = await userWith2fa(s)
    const stolen = await pendingToken(s, u.email, u.password)
    await s.api('POST', '/api/auth/password/reset/request', { body: { email: u.email } })
    const [mail] = await s.outbox(u.email)
    const reset = await s.api('POST', '/api/auth/password/reset', { body: { jwt: tokenOf(mail!.links[0]!), password: 'brand new pass!' } })
    expect(reset.status).toBe(200)
    const dead = await s.api('POST', '/api/auth/otp', { body: { code: codeAt(u.secret), jwt: stolen } })
    expect(dead.status).toBe(401)
    // The owner's own pending token (the reset's) still finishes the sign-in.
    const mine = await s.api('POST', '/api/auth/otp', { body: { code: codeAt(u.secret), jwt: reset.body.data.token } })
    expect(mine.status, JSON.stringify(mine.body)).toBe(200)
  })

  test('a password change from the owner’s session voids a pending token too', async () => {
    const u = await userWith2fa(s)
    const stolen = await pendingToken(s, u.email, u.password)
    const change = await s.api('PUT', '/api/user/password', { token: u.token, body: { oldpassword: u.password, newpassword: 'changed pass!' } })
    expect(change.status).toBe(200)
    expect((await s.api('POST', '/api/auth/otp', { body: { code: codeAt(u.secret), jwt: stolen } })).status).toBe(401)
  })
})

describe('enumeration', SLOW, () => {
  test('sign-up with a taken address and a wrong password answers exactly like a failed sign-in', async () => {
    const u = await s.signUp()
    for (const lang of ['en', 'es']) {
      const signUp = await s.api('POST', '/api/account', { lang, body: { name: 'Probe', email: u.email, password: 'a guess!!' } })
      const signIn = await s.api('POST', '/api/auth', { lang, body: { email: u.email, password: 'a guess!!' } })
      const unknown = await s.api('POST', '/api/auth', { lang, body: { email: 'nobody.here@example.com', password: 'a guess!!' } })
      expect(signUp.status).toBe(401)
      expect(signUp.body).toEqual(signIn.body)
      expect(signIn.body).toEqual(unknown.body)
    }
  })

  test('reset and magic-link requests do not wait for the mail: a slow mail server does not tell', async () => {
    const smtp = await startSmtpInbox({ delayMs: 1500 })
    const slow = await startTestServer({ SMTP_URL: smtp.url })
    try {
      await slow.api('POST', '/api/account', { body: { name: 'Known', email: 'known@example.com', password: 'known pass!' } })
      await slow.settled()
      for (const path of ['/api/auth/magic', '/api/auth/password/reset/request']) {
        const timed = async (email: string) => {
          const started = performance.now()
          const res = await slow.api('POST', path, { body: { email } })
          return { res, ms: performance.now() - started }
        }
        const known = await timed('known@example.com')
        const unknown = await timed('unknown@example.com')
        expect(known.res.body).toEqual(unknown.res.body)
        // Sending takes the mail server 1.5 s; the answer is not held for it.
        expect(known.ms).toBeLessThan(1000)
        await slow.settled()
      }
      // The mails did go out, after the answers.
      expect(smtp.mailsTo('known@example.com').map((m) => m.headers.get('subject'))).toHaveLength(3)
      expect(smtp.mailsTo('unknown@example.com')).toHaveLength(0)
    } finally {
      await slow.close()
      await smtp.close()
    }
  })
})
