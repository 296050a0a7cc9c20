import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { sql, startTestServer, tokenOf, type TestServer } from './harness'
import { codeAt, pendingToken, STEP_MS, userWith2fa, wrongCode } from './two-factor-kit'

// The second factor (decision 30): PUT /api/user/2fa, POST /api/user/2fa/verify and
// POST /api/auth/otp; the sign-in limit counts wrong codes. Each threat:
// a stolen password alone (2fa_required, no session), a code seen over a shoulder (single use),
// code guessing (the limit), a leaked database (secret encrypted, backup code hashed), the
// pending token used as a session (refused), a support or stolen session turning it off (proof).

// Each sign-in derives a password (scrypt, deliberately slow): on a busy machine a test of a dozen
// sign-ins takes more than the default 30 s.
const SLOW = { timeout: 180_000 }

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

const otp = (jwt: string, code: string) => s.api('POST', '/api/auth/otp', { body: { code, jwt } })

describe('set-up', SLOW, () => {
  test('on answers the QR code, the otpauth URL and the secret; it is on only after a right code', async () => {
    const u = await s.signUp({ name: 'Quinn' })
    const setup = await s.api('PUT', '/api/user/2fa', { token: u.token, body: { '2fa_enabled': true } })
    expect(setup.status).toBe(200)
    const { qr_code, otpauth_url, secret } = setup.body.data
    expect(qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/)
    expect(Buffer.from(qr_code.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG')
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const url = new URL(otpauth_url)
    expect(url.protocol).toBe('otpauth:')
    expect(url.searchParams.get('secret')).toBe(secret)
    expect(url.searchParams.get('algorithm')).toBe('SHA1')
    expect(url.searchParams.get('digits')).toBe('6')
    expect(url.searchParams.get('period')).toBe('30')
    expect(decodeURIComponent(url.pathname)).toContain(u.email)

    // Not on yet: sign-in needs no code.
    expect((await s.api('GET', '/api/user', { token: u.token })).body.data['2fa_enabled']).toBe(false)
    const before = await s.api('POST', '/api/auth', { body: { email: u.email, password: u.password } })
    expect(before.body.data['2fa_required']).toBeUndefined()

    const wrong = await s.api('POST', '/api/user/2fa/verify', { token: u.token, body: { code: wrongCode(secret) } })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({ message: 'That code is not valid', inputError: 'code' })
    expect((await s.api('GET', '/api/user', { token: u.token })).body.data['2fa_enabled']).toBe(false)

    const on = await s.api('POST', '/api/user/2fa/verify', { token: u.token, body: { code: codeAt(secret) } })
    expect(on.status).toBe(200)
    expect(on.body.message).toBe('Two-factor authentication is on')
    expect(on.body.data.backup_code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/)
    const me = await s.api('GET', '/api/user', { token: u.token })
    expect(me.body.data['2fa_enabled']).toBe(true)
    // Nothing secret in any later answer.
    const text = JSON.stringify(me.body) + JSON.stringify((await s.api('GET', '/api/auth', { token: u.token })).body)
    expect(text).not.toContain(secret)
    expect(text).not.toContain(on.body.data.backup_code)

    // Encrypted at rest; the backup code only as a hash.
    const [row] = await s.query<{ totp_secret: string; backup_code_hash: string }>(
      sql`select totp_secret, backup_code_hash from users where id = ${u.user.id}`,
    )
    expect(row!.totp_secret).toMatch(/^v1\./)
    expect(row!.totp_secret).not.toContain(secret)
    expect(row!.backup_code_hash).not.toContain(on.body.data.backup_code.replace(/-/g, ''))

    // On already: a new secret is refused (it would replace the phone's without proof).
    const again = await s.api('PUT', '/api/user/2fa', { token: u.token, body: { '2fa_enabled': true } })
    expect(again.status).toBe(400)
    expect(again.body.inputError).toBe('2fa_enabled')
    const verifyAgain = await s.api('POST', '/api/user/2fa/verify', { token: u.token, body: { code: codeAt(secret) } })
    expect(verifyAgain.status).toBe(400)
  })

  test('verify without a set-up, bad input and no session are refused with the right status', async () => {
    const u = await s.signUp()
    const none = await s.api('POST', '/api/user/2fa/verify', { token: u.token, body: { code: '123456' } })
    expect(none.status).toBe(400)
    expect(none.body.inputError).toBe('code')
    for (const code of ['12345', '1234567', 'abcdef', '', 123456]) {
      const bad = await s.api('POST', '/api/user/2fa/verify', { token: u.token, body: { code } })
      expect(bad.status).toBe(400)
      expect(bad.body.inputError).toBe('code')
    }
    for (const body of [{ '2fa_enabled': 'yes' }, {}, { '2fa_enabled': true, extra: 1 }]) {
      const bad = await s.api('PUT', '/api/user/2fa', { token: u.token, body })
      expect(bad.status).toBe(400)
      expect(bad.body.message).toBeTruthy()
    }
    expect((await s.api('PUT', '/api/user/2fa', { body: { '2fa_enabled': true } })).status).toBe(401)
    expect((await s.api('POST', '/api/user/2fa/verify', { body: { code: '123456' } })).status).toBe(401)
  })

  test('a new set-up replaces an unfinished one: the old secret no longer turns it on', async () => {
    const u = await s.signUp()
    const first = (await s.api('PUT', '/api/user/2fa', { token: u.token, body: { '2fa_enabled': true } })).body.data.secret
    const second = (await s.api('PUT', '/api/user/2fa', { token: u.token, body: { '2fa_enabled': true } })).body.data.secret
    expect(second).not.toBe(first)
    expect((await s.api('POST', '/api/user/2fa/verify', { token: u.token, body: { code: codeAt(first) } })).status).toBe(400)
    expect((await s.api('POST', '/api/user/2fa/verify', { token: u.token, body: { code: codeAt(second) } })).status).toBe(200)
  })
})

describe('sign-in with 2FA on', SLOW, () => {
  test('a right password answers 2fa_required and a pending token; a current code answers like a sign-in', async () => {
    const u = await userWith2fa(s)
    const first = await s.api('POST', '/api/auth', { body: { email: u.email, password: u.password } })
    expect(first.status).toBe(200)
    expect(first.body.data).toEqual({ '2fa_required': true, token: expect.any(String) })

    const res = await otp(first.body.data.token, codeAt(u.secret))
    expect(res.status).toBe(200)
    expect(res.body.data.token).toEqual(expect.any(String))
    expect(res.body.data).toMatchObject({ email: u.email, '2fa_enabled': true, impersonating: false, verified: true })
    expect((await s.api('GET', '/api/user', { token: res.body.data.token })).status).toBe(200)
  })

  test('a code already used is refused (400), even with a new pending token', async () => {
    const u = await userWith2fa(s)
    const code = codeAt(u.secret)
    expect((await otp(await pendingToken(s, u.email, u.password), code)).status).toBe(200)
    const again = await otp(await pendingToken(s, u.email, u.password), code)
    expect(again.status).toBe(400)
    expect(again.body).toEqual({ message: 'That code was already used. Wait for the next one and try again.', inputError: 'code' })
    // An older code of the window is used up too: codes only move forward.
    const older = await otp(await pendingToken(s, u.email, u.password), codeAt(u.secret, Date.now() - STEP_MS))
    expect(older.status).toBe(400)
  })

  test('a phone clock one step off either way works; two steps off does not', async () => {
    // Set-up accepted the code of the step before (userWith2fa: a phone 30 s behind).
    const u = await userWith2fa(s)
    for (const off of [-2, 2]) {
      const far = await otp(await pendingToken(s, u.email, u.password), codeAt(u.secret, Date.now() + off * STEP_MS))
      expect(far.status).toBe(400)
      expect(far.body.message).toBe('That code is not valid')
    }
    const ahead = await otp(await pendingToken(s, u.email, u.password), codeAt(u.secret, Date.now() + STEP_MS))
    expect(ahead.status).toBe(200)
  })

  test('the backup code signs in once; it is refused after', async () => {
    const u = await userWith2fa(s)
    // Typed in lower case without dashes: the same code.
    const typed = u.backupCode.replace(/-/g, '').toLowerCase()
    const res = await otp(await pendingToken(s, u.email, u.password), typed)
    expect(res.status).toBe(200)
    expect(res.body.data.token).toBeTruthy()
    const again = await otp(await pendingToken(s, u.email, u.password), u.backupCode)
    expect(again.status).toBe(400)
    expect(again.body.inputError).toBe('code')
    // The authenticator still works.
    expect((await otp(await pendingToken(s, u.email, u.password), codeAt(u.secret))).status).toBe(200)
  })

  test('wrong codes count toward the sign-in limit: 429 with Retry-After, even for a right code', async () => {
    const u = await userWith2fa(s)
    const jwt = await pendingToken(s, u.email, u.password)
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) statuses.push((await otp(jwt, wrongCode(u.secret))).status)
    // The password attempt counts too (the first of the 10 allowed in the window).
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(400))
    expect(statuses.slice(9)).toEqual([429, 429, 429])
    const right = await otp(jwt, codeAt(u.secret))
    expect(right.status).toBe(429)
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0)
    // The password sign-in of the address is locked too (one limit per email).
    expect((await s.api('POST', '/api/auth', { body: { email: u.email, password: u.password } })).status).toBe(429)
    // A right password does not reset the count of wrong codes: checked on a fresh user.
    const v = await userWith2fa(s)
    for (let i = 0; i < 5; i++) {
      const j = await pendingToken(s, v.email, v.password)
      expect((await otp(j, wrongCode(v.secret))).status).toBe(400)
    }
    // 10 attempts so far (5 passwords, 5 codes): the next is refused.
    expect((await s.api('POST', '/api/auth', { body: { email: v.email, password: v.password } })).status).toBe(429)
  })

  test('the pending token is no session: refused by every other call, and dead after 5 minutes', async () => {
    const u = await userWith2fa(s)
    const jwt = await pendingToken(s, u.email, u.password)
    expect((await s.api('GET', '/api/user', { token: jwt })).status).toBe(401)
    expect((await s.api('GET', '/api/books', { token: jwt })).status).toBe(401)
    expect((await s.api('POST', '/api/auth/switch', { token: jwt, body: { account: u.user.account_id } })).status).toBe(401)
    expect((await s.api('GET', '/api/auth', { token: jwt })).body.data).toEqual({ authenticated: false })
    expect((await s.api('POST', '/api/auth/impersonate', { body: { token: jwt } })).status).toBe(400)
    // A session token is not a pending token either.
    const session = await otp(jwt, codeAt(u.secret))
    expect(session.status).toBe(200)
    const notPending = await otp(session.body.data.token, codeAt(u.secret, Date.now() + STEP_MS))
    expect(notPending.status).toBe(401)
    expect(notPending.body.inputError).toBe('jwt')

    const late = await pendingToken(s, u.email, u.password)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000)
      const expired = await otp(late, codeAt(u.secret))
      expect(expired.status).toBe(401)
      expect(expired.body).toEqual({ message: 'Your sign-in took too long. Please sign in again.', inputError: 'jwt' })
    } finally {
      vi.useRealTimers()
    }
    expect((await otp('not-a-token', '123456')).status).toBe(401)
  })

  test('a magic link, a password reset and a duplicate sign-up stop at the second factor too', async () => {
    const u = await userWith2fa(s)
    await s.api('POST', '/api/auth/magic', { body: { email: u.email } })
    const magic = (await s.outbox(u.email)).find((m) => m.subject === 'Your sign-in link')!
    const viaLink = await s.api('POST', '/api/auth/magic/verify', { body: { token: tokenOf(magic.links[0]!) } })
    expect(viaLink.body.data).toEqual({ '2fa_required': true, token: expect.any(String) })
    expect((await otp(viaLink.body.data.token, codeAt(u.secret))).status).toBe(200)

    await s.api('POST', '/api/auth/password/reset/request', { body: { email: u.email } })
    const reset = (await s.outbox(u.email)).find((m) => m.subject === 'Reset your password')!
    const afterReset = await s.api('POST', '/api/auth/password/reset', {
      body: { jwt: tokenOf(reset.links[0]!), email: u.email, password: 'another one!' },
    })
    expect(afterReset.status).toBe(200)
    expect(afterReset.body.data).toEqual({ '2fa_required': true, token: expect.any(String) })

    const dup = await s.api('POST', '/api/account', { body: { name: 'Second', email: u.email, password: 'another one!' } })
    expect(dup.status).toBe(200)
    expect(dup.body.data['2fa_required']).toBe(true)
    const inSecond = await otp(dup.body.data.token, codeAt(u.secret, Date.now() + STEP_MS))
    expect(inSecond.status).toBe(200)
    expect(inSecond.body.data).toMatchObject({ account_name: 'Second', duplicate_user: true })
  })
})

describe('turning it off', SLOW, () => {
  test('with a current code: sign-in needs no code afterwards', async () => {
    const u = await userWith2fa(s)
    const noProof = await s.api('PUT', '/api/user/2fa', { token: u.token, body: { '2fa_enabled': false } })
    expect(noProof.status).toBe(400)
    expect(noProof.body.inputError).toBe('code')
    const wrong = await s.api('PUT', '/api/user/2fa', { token: u.token, body: { '2fa_enabled': false, code: wrongCode(u.secret) } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.inputError).toBe('code')
    const off = await s.api('PUT', '/api/user/2fa', { token: u.token, body: { '2fa_enabled': false, code: codeAt(u.secret) } })
    expect(off.status).toBe(200)
    expect(off.body.message).toBe('Two-factor authentication is off')
    expect(off.body.data['2fa_enabled']).toBe(false)
    const signIn = await s.api('POST', '/api/auth', { body: { email: u.email, password: u.password } })
    expect(signIn.body.data.token).toBeTruthy()
    expect(signIn.body.data['2fa_required']).toBeUndefined()
    const [row] = await s.query<{ totp_secret: string | null; backup_code_hash: string | null }>(
      sql`select totp_secret, backup_code_hash from users where id = ${u.user.id}`,
    )
    expect(row).toEqual({ totp_secret: null, backup_code_hash: null })
  })

  test('with the password; a wrong password is a 400 on password', async () => {
    const u = await userWith2fa(s)
    const wrong = await s.api('PUT', '/api/user/2fa', { token: u.token, body: { '2fa_enabled': false, password: 'not it at all!' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.inputError).toBe('password')
    expect((await s.api('GET', '/api/user', { token: u.token })).body.data['2fa_enabled']).toBe(true)
    const off = await s.api('PUT', '/api/user/2fa', { token: u.token, body: { '2fa_enabled': false, password: u.password } })
    expect(off.status).toBe(200)
    expect((await s.api('GET', '/api/user', { token: u.token })).body.data['2fa_enabled']).toBe(false)
    // Off already: off again is fine and asks nothing.
    expect((await s.api('PUT', '/api/user/2fa', { token: u.token, body: { '2fa_enabled': false } })).status).toBe(200)
  })
})

describe('the backup code after use, and the other devices', SLOW, () => {
  test('a used backup code is replaced with a current code or the password; the old one stops working', async () => {
    const u = await userWith2fa(s)
    const renew = (body: Record<string, unknown>) => s.api('POST', '/api/user/2fa/backup', { token: u.token, body })
    // Proof first: nothing, a wrong code, a wrong password, or the backup code itself.
    expect(await renew({})).toMatchObject({ status: 400, body: { inputError: 'code' } })
    expect(await renew({ code: wrongCode(u.secret) })).toMatchObject({ status: 400, body: { inputError: 'code' } })
    expect(await renew({ password: 'not it at all!' })).toMatchObject({ status: 400, body: { inputError: 'password' } })
    expect(await renew({ code: u.backupCode })).toMatchObject({ status: 400, body: { inputError: 'code' } })
    expect(await renew({ code: codeAt(u.secret), extra: 1 })).toMatchObject({ status: 400 })

    // Signing in with the backup code uses it up; a new one made with a current code works once.
    expect((await otp(await pendingToken(s, u.email, u.password), u.backupCode)).status).toBe(200)
    const byCode = await renew({ code: codeAt(u.secret) })
    expect(byCode.status).toBe(200)
    expect(byCode.body.message).toBe('Your new backup code is ready. The old one no longer works.')
    const second: string = byCode.body.data.backup_code
    expect(second).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/)
    expect(second).not.toBe(u.backupCode)
    // The code just used for the proof cannot be used again (single use within its window).
    expect(await renew({ code: codeAt(u.secret) })).toMatchObject({ status: 400, body: { inputError: 'code' } })

    // Made again with the password: the second one stops working before it was ever used.
    const byPassword = await renew({ password: u.password })
    expect(byPassword.status).toBe(200)
    const third: string = byPassword.body.data.backup_code
    expect((await otp(await pendingToken(s, u.email, u.password), second)).status).toBe(400)
    expect((await otp(await pendingToken(s, u.email, u.password), third)).status).toBe(200)
    const [row] = await s.query<{ backup_code_hash: string }>(sql`select backup_code_hash from users where id = ${u.user.id}`)
    expect(row).toEqual({ backup_code_hash: null })
  })

  test('with 2FA off there is no backup code to make', async () => {
    const u = await s.signUp()
    const res = await s.api('POST', '/api/user/2fa/backup', { token: u.token, body: { password: u.password } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Two-factor authentication is off: turn it on to get a backup code')
  })

  test('turning it on ends the sessions of the other devices, not this one', async () => {
    const u = await s.signUp()
    const other = await s.api('POST', '/api/auth', { body: { email: u.email, password: u.password } })
    const otherToken: string = other.body.data.token
    expect((await s.api('GET', '/api/user', { token: otherToken })).status).toBe(200)
    const setup = await s.api('PUT', '/api/user/2fa', { token: u.token, body: { '2fa_enabled': true } })
    const on = await s.api('POST', '/api/user/2fa/verify', { token: u.token, body: { code: codeAt(setup.body.data.secret) } })
    expect(on.status).toBe(200)
    expect((await s.api('GET', '/api/user', { token: otherToken })).status).toBe(401)
    expect((await s.api('GET', '/api/user', { token: u.token })).status).toBe(200)
  })
})
