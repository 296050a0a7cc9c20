import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql, startTestServer, tokenOf, type TestServer } from './harness'

// Mailed one-time links: magic sign-in, password reset and email verification
// (decision 5). Single use, expiring, stored only as hashes.

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

const INVALID_LINK = 'This link is invalid or has expired'

async function latestLink(email: string, subject: string) {
  const mail = (await s.outbox(email)).find((m) => m.subject === subject)
  if (!mail) throw new Error(`no "${subject}" mail for ${email}`)
  expect(mail.links).toHaveLength(1)
  expect(mail.text).toContain(mail.links[0])
  return new URL(mail.links[0]!)
}

const tokenRow = async (raw: string) => {
  const { sha256 } = await import('~/server/lib/crypto')
  const [row] = await s.query<{ kind: string; created_at: Date; expires_at: Date; used_at: Date | null }>(
    sql`select kind, created_at, expires_at, used_at from one_time_tokens where token_hash = ${sha256(raw)}`,
  )
  return row
}

const expire = (raw: string) =>
  import('~/server/lib/crypto').then(({ sha256 }) =>
    s.query(sql`update one_time_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256(raw)}`),
  )

async function expectStoredHashedOnly(raw: string) {
  const rows = await s.query(sql`select * from one_time_tokens`)
  expect(JSON.stringify(rows)).not.toContain(raw)
  expect(await tokenRow(raw)).toBeTruthy()
}

describe('magic link', () => {
  test('POST /api/auth/magic answers the same for a known and an unknown email and mails only the known one', async () => {
    await s.signUp({ name: 'Mia', email: 'mia@example.com', verify: false, plan: null })
    const known = await s.api('POST', '/api/auth/magic', { body: { email: 'MIA@example.com' } })
    const unknown = await s.api('POST', '/api/auth/magic', { body: { email: 'nobody@example.com' } })
    expect(known.status).toBe(200)
    expect(known.body).toEqual({ message: 'If that email has an account, a sign-in link is on its way' })
    expect(unknown.status).toBe(known.status)
    expect(unknown.body).toEqual(known.body)
    expect(await s.outbox('nobody@example.com')).toEqual([])
    const link = await latestLink('mia@example.com', 'Your sign-in link')
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/magic')
    const es = await s.api('POST', '/api/auth/magic', { body: { email: 'nobody@example.com' }, lang: 'es' })
    expect(es.body.message).toBe('Si ese correo tiene una cuenta, te enviamos un enlace para entrar')
  })

  test('POST /api/auth/magic refuses a bad email with 400 naming the field', async () => {
    for (const body of [{}, { email: 'nope' }]) {
      const res = await s.api('POST', '/api/auth/magic', { body })
      expect(res.status).toBe(400)
      expect(res.body.inputError).toBe('email')
    }
  })

  test('the link signs in once, verifies the address, lives at most an hour and is stored hashed', async () => {
    const link = await latestLink('mia@example.com', 'Your sign-in link')
    const token = tokenOf(link.href)
    await expectStoredHashedOnly(token)
    const row = (await tokenRow(token))!
    const ttl = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(3600_000)

    const res = await s.api('POST', '/api/auth/magic/verify', { body: { token } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ email: 'mia@example.com', verified: true, permission: 'owner' })
    expect((await s.api('GET', '/api/user', { token: res.body.data.token })).body.data.verified).toBe(true)

    const again = await s.api('POST', '/api/auth/magic/verify', { body: { token } })
    expect(again.status).toBe(400)
    expect(again.body).toEqual({ message: INVALID_LINK, inputError: 'token' })
  })

  test('an expired, bogus, missing or other-kind token is refused', async () => {
    await s.api('POST', '/api/auth/magic', { body: { email: 'mia@example.com' } })
    const token = tokenOf((await latestLink('mia@example.com', 'Your sign-in link')).href)
    await expire(token)
    const expired = await s.api('POST', '/api/auth/magic/verify', { body: { token } })
    expect(expired.status).toBe(400)
    expect(expired.body).toEqual({ message: INVALID_LINK, inputError: 'token' })

    const bogus = await s.api('POST', '/api/auth/magic/verify', { body: { token: 'x'.repeat(43) }, lang: 'es' })
    expect(bogus.status).toBe(400)
    expect(bogus.body).toEqual({ message: 'Este enlace no es válido o ha caducado', inputError: 'token' })

    const missing = await s.api('POST', '/api/auth/magic/verify', { body: {} })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ message: 'A token is required', inputError: 'token' })

    // A reset token is not a sign-in link.
    await s.api('POST', '/api/auth/password/reset/request', { body: { email: 'mia@example.com' } })
    const reset = tokenOf((await latestLink('mia@example.com', 'Reset your password')).href)
    expect((await s.api('POST', '/api/auth/magic/verify', { body: { token: reset } })).status).toBe(400)
  })

  test('a user with a second factor still has to give it after the magic link', async () => {
    // A verified user: on a user not verified before, the link's proof of the address would end
    // what was set before it, the second factor included (address-proof.test.ts).
    const u = await s.signUp({ name: 'Otto', email: 'otto@example.com', plan: null })
    await s.query(sql`update users set two_factor_enabled = true where id = ${u.user.id}`)
    await s.api('POST', '/api/auth/magic', { body: { email: 'otto@example.com' } })
    const token = tokenOf((await latestLink('otto@example.com', 'Your sign-in link')).href)
    const res = await s.api('POST', '/api/auth/magic/verify', { body: { token } })
    expect(res.status).toBe(200)
    expect(res.body.data['2fa_required']).toBe(true)
    expect(res.body.data.email).toBeUndefined()
    expect((await s.api('GET', '/api/user', { token: res.body.data.token })).status).toBe(401)
  })
})

describe('password reset', () => {
  test('POST /api/auth/password/reset/request answers the same for unknown emails and mails a reset link', async () => {
    await s.signUp({ name: 'Rex', email: 'rex@example.com', plan: null })
    const known = await s.api('POST', '/api/auth/password/reset/request', { body: { email: 'rex@example.com' } })
    const unknown = await s.api('POST', '/api/auth/password/reset/request', { body: { email: 'noone@example.com' } })
    expect(known.status).toBe(200)
    expect(known.body).toEqual({ message: 'If that email has an account, a reset link is on its way' })
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual(known.body)
    expect(await s.outbox('noone@example.com')).toEqual([])
    const link = await latestLink('rex@example.com', 'Reset your password')
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/resetpassword')
    const bad = await s.api('POST', '/api/auth/password/reset/request', { body: { email: 'bad' } })
    expect(bad.status).toBe(400)
    expect(bad.body.inputError).toBe('email')
  })

  test('the reset sets the new password, revokes every old session, signs in, and works only once', async () => {
    const old1 = (await s.api('POST', '/api/auth', { body: { email: 'rex@example.com', password: 'correct horse!' } })).body.data.token
    const old2 = (await s.api('POST', '/api/auth', { body: { email: 'rex@example.com', password: 'correct horse!' } })).body.data.token
    const token = tokenOf((await latestLink('rex@example.com', 'Reset your password')).href)
    await expectStoredHashedOnly(token)
    const row = (await tokenRow(token))!
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBeLessThanOrEqual(3600_000)
    const [before] = await s.query<{ password_hash: string }>(sql`select password_hash from users where email = 'rex@example.com'`)

    const res = await s.api('POST', '/api/auth/password/reset', { body: { jwt: token, email: 'rex@example.com', password: 'a new secret!' } })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Your password has been reset')
    expect(res.body.data).toMatchObject({ email: 'rex@example.com', has_password: true })
    expect(JSON.stringify(res.body)).not.toContain('a new secret!')
    expect((await s.api('GET', '/api/user', { token: res.body.data.token })).status).toBe(200)
    for (const old of [old1, old2]) {
      expect((await s.api('GET', '/api/user', { token: old })).status).toBe(401)
      expect((await s.api('GET', '/api/auth', { token: old })).body).toEqual({ data: { authenticated: false } })
    }
    const [after] = await s.query<{ password_hash: string }>(sql`select password_hash from users where email = 'rex@example.com'`)
    expect(after!.password_hash).not.toBe(before!.password_hash)
    expect(after!.password_hash).toMatch(/^scrypt\$/)
    expect(after!.password_hash).not.toContain('a new secret!')

    expect((await s.api('POST', '/api/auth', { body: { email: 'rex@example.com', password: 'correct horse!' } })).status).toBe(401)
    expect((await s.api('POST', '/api/auth', { body: { email: 'rex@example.com', password: 'a new secret!' } })).status).toBe(200)

    const again = await s.api('POST', '/api/auth/password/reset', { body: { jwt: token, password: 'third secret!' } })
    expect(again.status).toBe(400)
    expect(again.body).toEqual({ message: INVALID_LINK, inputError: 'jwt' })
  })

  test('a weak password is refused without using up the link; an expired or foreign-email link is refused', async () => {
    await s.api('POST', '/api/auth/password/reset/request', { body: { email: 'rex@example.com' } })
    const token = tokenOf((await latestLink('rex@example.com', 'Reset your password')).href)
    const weak = await s.api('POST', '/api/auth/password/reset', { body: { jwt: token, password: 'password1' } })
    expect(weak.status).toBe(400)
    expect(weak.body).toEqual({ message: 'Password must contain at least one special character', inputError: 'password' })
    const missing = await s.api('POST', '/api/auth/password/reset', { body: { password: 'fine pass!' } })
    expect(missing.status).toBe(400)
    expect(missing.body.inputError).toBe('jwt')

    const wrongEmail = await s.api('POST', '/api/auth/password/reset', { body: { jwt: token, email: 'mia@example.com', password: 'fine pass!' } })
    expect(wrongEmail.status).toBe(400)
    expect(wrongEmail.body.inputError).toBe('jwt')

    await s.api('POST', '/api/auth/password/reset/request', { body: { email: 'rex@example.com' } })
    const second = tokenOf((await latestLink('rex@example.com', 'Reset your password')).href)
    await expire(second)
    const expired = await s.api('POST', '/api/auth/password/reset', { body: { jwt: second, password: 'fine pass!' } })
    expect(expired.status).toBe(400)
    expect(expired.body).toEqual({ message: INVALID_LINK, inputError: 'jwt' })
    // The password did not change.
    expect((await s.api('POST', '/api/auth', { body: { email: 'rex@example.com', password: 'a new secret!' } })).status).toBe(200)
  })
})

describe('a failed reset leaves the link usable', () => {
  test('the wrong email or a weak password does not use up the link; the successful reset does', async () => {
    await s.signUp({ name: 'Ria', email: 'ria@example.com', plan: null })
    await s.api('POST', '/api/auth/password/reset/request', { body: { email: 'ria@example.com' } })
    const token = tokenOf((await latestLink('ria@example.com', 'Reset your password')).href)
    const wrongEmail = await s.api('POST', '/api/auth/password/reset', { body: { jwt: token, email: 'someone@example.com', password: 'fine pass!' } })
    expect(wrongEmail.status).toBe(400)
    expect(wrongEmail.body).toEqual({ message: INVALID_LINK, inputError: 'jwt' })
    const weak = await s.api('POST', '/api/auth/password/reset', { body: { jwt: token, email: 'ria@example.com', password: 'password1' } })
    expect(weak.body.inputError).toBe('password')
    expect((await tokenRow(token))!.used_at).toBeNull()

    const ok = await s.api('POST', '/api/auth/password/reset', { body: { jwt: token, email: 'ria@example.com', password: 'fine pass!' } })
    expect(ok.status).toBe(200)
    expect((await tokenRow(token))!.used_at).not.toBeNull()
    const again = await s.api('POST', '/api/auth/password/reset', { body: { jwt: token, email: 'ria@example.com', password: 'other pass!' } })
    expect(again.body).toEqual({ message: INVALID_LINK, inputError: 'jwt' })
    expect((await s.api('POST', '/api/auth', { body: { email: 'ria@example.com', password: 'fine pass!' } })).status).toBe(200)
  })

  test('two resets racing with one link: exactly one succeeds, and its password is the one set', async () => {
    await s.signUp({ name: 'Ray', email: 'ray@example.com', plan: null })
    await s.api('POST', '/api/auth/password/reset/request', { body: { email: 'ray@example.com' } })
    const token = tokenOf((await latestLink('ray@example.com', 'Reset your password')).href)
    const passwords = ['racer one!', 'racer two!']
    const results = await Promise.all(
      passwords.map((password) => s.api('POST', '/api/auth/password/reset', { body: { jwt: token, password } })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 400])
    const winner = passwords[results.findIndex((r) => r.status === 200)]!
    const loser = passwords.find((p) => p !== winner)!
    expect((await s.api('POST', '/api/auth', { body: { email: 'ray@example.com', password: winner } })).status).toBe(200)
    expect((await s.api('POST', '/api/auth', { body: { email: 'ray@example.com', password: loser } })).status).toBe(401)
  })
})

describe('email verification', () => {
  test('POST /api/user/verify/request mails a new link to an unverified user; a verified one is told so', async () => {
    const u = await s.signUp({ name: 'Val', email: 'val@example.com', verify: false, plan: null })
    const res = await s.api('POST', '/api/user/verify/request', { token: u.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'A verification email is on its way' })
    const mails = (await s.outbox('val@example.com')).filter((m) => m.subject === 'Verify your email address')
    expect(mails).toHaveLength(2)

    const token = tokenOf((await latestLink('val@example.com', 'Verify your email address')).href)
    await expectStoredHashedOnly(token)
    const verified = await s.api('POST', '/api/user/verify', { body: { token } })
    expect(verified.status).toBe(200)
    expect(verified.body.message).toBe('Your email address is verified')
    expect(verified.body.data).toMatchObject({ email: 'val@example.com', verified: true })
    expect(typeof verified.body.data.token).toBe('string')
    // The old session sees it too.
    expect((await s.api('GET', '/api/user', { token: u.token })).body.data.verified).toBe(true)

    const again = await s.api('POST', '/api/user/verify/request', { token: u.token })
    expect(again.body).toEqual({ message: 'Your email address is already verified' })
    expect((await s.outbox('val@example.com')).filter((m) => m.subject === 'Verify your email address')).toHaveLength(2)

    const reuse = await s.api('POST', '/api/user/verify', { body: { token } })
    expect(reuse.status).toBe(400)
    expect(reuse.body).toEqual({ message: INVALID_LINK, inputError: 'token' })
  })

  test('an expired or bogus verification link is refused', async () => {
    const u = await s.signUp({ name: 'Xen', email: 'xen@example.com', verify: false, plan: null })
    const token = tokenOf((await latestLink('xen@example.com', 'Verify your email address')).href)
    await expire(token)
    const res = await s.api('POST', '/api/user/verify', { body: { token }, token: u.token })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: INVALID_LINK, inputError: 'token' })
    expect((await s.api('POST', '/api/user/verify', { body: { token: 'bogus' } })).status).toBe(400)
    expect((await s.api('GET', '/api/user', { token: u.token })).body.data.verified).toBe(false)
  })

  test('verifying while signed in keeps the account of the session', async () => {
    const u = await s.signUp({ name: 'Kit', email: 'kit@example.com', verify: false, plan: null })
    const dup = await s.api('POST', '/api/account', { body: { name: 'Kit Two', email: 'kit@example.com', password: u.password } })
    expect(dup.status).toBe(200)
    const token = tokenOf((await latestLink('kit@example.com', 'Verify your email address')).href)
    const res = await s.api('POST', '/api/user/verify', { body: { token }, token: dup.body.data.token })
    expect(res.status).toBe(200)
    expect(res.body.data.account_id).toBe(dup.body.data.account_id)
  })
})

describe('links mailed to an address the user has since changed', () => {
  test('do not verify the new address, sign in or reset the password', async () => {
    const u = await s.signUp({ name: 'Moe', email: 'moe.old@example.com' })
    await s.api('POST', '/api/auth/magic', { body: { email: 'moe.old@example.com' } })
    await s.api('POST', '/api/auth/password/reset/request', { body: { email: 'moe.old@example.com' } })
    const magic = tokenOf((await latestLink('moe.old@example.com', 'Your sign-in link')).href)
    const reset = tokenOf((await latestLink('moe.old@example.com', 'Reset your password')).href)
    const oldVerify = (await s.outbox('moe.old@example.com')).find((m) => m.subject === 'Verify your email address')!

    const patched = await s.api('PATCH', '/api/user', { token: u.token, body: { email: 'moe.new@example.com', password: u.password } })
    expect(patched.status).toBe(200)
    expect(patched.body.data.verified).toBe(false)

    const m = await s.api('POST', '/api/auth/magic/verify', { body: { token: magic } })
    expect(m.status).toBe(400)
    expect(m.body.inputError).toBe('token')
    const r = await s.api('POST', '/api/auth/password/reset', { body: { jwt: reset, password: 'takeover pass!' } })
    expect(r.status).toBe(400)
    expect(r.body.inputError).toBe('jwt')
    const v = await s.api('POST', '/api/user/verify', { body: { token: tokenOf(oldVerify.links[0]!) } })
    expect(v.status).toBe(400)

    const me = await s.api('GET', '/api/user', { token: u.token })
    expect(me.status).toBe(200)
    expect(me.body.data).toMatchObject({ email: 'moe.new@example.com', verified: false })
    expect((await s.api('POST', '/api/auth', { body: { email: 'moe.new@example.com', password: u.password } })).status).toBe(200)

    // The link mailed to the new address does verify it.
    const fresh = tokenOf((await latestLink('moe.new@example.com', 'Verify your email address')).href)
    const ok = await s.api('POST', '/api/user/verify', { body: { token: fresh } })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ email: 'moe.new@example.com', verified: true })
  })
})
