import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sha256 } from '~/server/lib/crypto'
import { sql, startTestServer, tokenOf, type TestServer } from './harness'

// Account security (decision 21): PATCH /api/user {email} needs re-authentication,
// ends the other sessions and mails the old address a notice with a link that undoes the change
// (POST /api/user/email/revert {token}: 7 days, single use, restores the address and signs out
// every device).

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

const NOTICE = 'Your TBR email address was changed'
const INVALID_LINK = 'This link is invalid or has expired'

const signIn = (email: string, password: string) => s.api('POST', '/api/auth', { body: { email, password } })
const changeEmail = (token: string, body: Record<string, unknown>, lang?: string) => s.api('PATCH', '/api/user', { token, body, lang })
const revert = (token: string) => s.api('POST', '/api/user/email/revert', { body: { token } })
const me = async (token: string) => (await s.api('GET', '/api/user', { token })).body.data

/** The revert link of the newest change notice mailed to `email`. */
async function revertToken(email: string) {
  const mail = (await s.outbox(email)).find((m) => m.subject === NOTICE)
  if (!mail) throw new Error(`no change notice for ${email}`)
  return tokenOf(mail.links[0]!)
}

async function mailedToken(email: string, subject: string) {
  const mail = (await s.outbox(email)).find((m) => m.subject === subject)
  if (!mail) throw new Error(`no "${subject}" mail for ${email}`)
  return tokenOf(mail.links[0]!)
}

/** Signs in with a mailed magic link (a fresh sign-in) and answers the session token. */
async function magicSignIn(email: string) {
  await s.api('POST', '/api/auth/magic', { body: { email } })
  const res = await s.api('POST', '/api/auth/magic/verify', { body: { token: await mailedToken(email, 'Your sign-in link') } })
  expect(res.status).toBe(200)
  return res.body.data.token as string
}

describe('PATCH /api/user {email} asks for a step-up (a recent sign-in or the current password)', () => {
  test('a session signed in long ago: a missing or wrong current password is a 403 reauth; nothing changes and nothing is mailed', async () => {
    const u = await s.signUp({ name: 'Ann', email: 'ann@example.com' })
    const fresh = await changeEmail(u.token, { email: 'ann.thief@example.com', password: 'not hers!' })
    expect(fresh.status).toBe(400)
    expect(fresh.body).toEqual({ message: 'Your current password is not correct', inputError: 'password' })
    await s.query(sql`update sessions set created_at = now() - interval '11 minutes' where user_id = ${u.user.id}`)
    const missing = await changeEmail(u.token, { email: 'ann.thief@example.com' })
    expect(missing.status).toBe(403)
    expect(missing.body).toEqual({
      message: 'For your security, confirm it is you: enter your password, or sign in again, then try again.',
      inputError: 'password',
      reauth: true,
    })
    const wrong = await changeEmail(u.token, { email: 'ann.thief@example.com', password: 'not hers!' }, 'es')
    expect(wrong.status).toBe(403)
    expect(wrong.body).toEqual({ message: 'Tu contraseña actual no es correcta', inputError: 'password', reauth: true })
    expect(await me(u.token)).toMatchObject({ email: 'ann@example.com', verified: true })
    expect(await s.outbox('ann.thief@example.com')).toEqual([])
    expect((await s.outbox('ann@example.com')).map((m) => m.subject)).not.toContain(NOTICE)
    // Other profile fields need no password.
    expect((await s.api('PATCH', '/api/user', { token: u.token, body: { name: 'Ann B' } })).status).toBe(200)
  })

  test('wrong passwords share the sign-in limit: past 10 failures in 15 minutes it is 429, and so is sign-in', async () => {
    const u = await s.signUp({ email: 'guesser@example.com' })
    // Nine failed sign-ins already (recorded directly: ten slow password checks are not the point).
    await s.query(sql`insert into rate_limits (key, count, reset_at) values ('signin-fail:guesser@example.com', 9, now() + interval '15 minutes')`)
    expect((await changeEmail(u.token, { email: 'taken.over@example.com', password: 'tenth guess!' })).status).toBe(400)
    const blocked = await changeEmail(u.token, { email: 'taken.over@example.com', password: u.password })
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await signIn(u.email, u.password)).status).toBe(429)
    expect((await me(u.token)).email).toBe(u.email)
  })

  test('a user without a password may change it only within 10 minutes of signing in; switching account does not count', async () => {
    const u = await s.signUp({ name: 'Mags', email: 'mags@example.com' })
    await s.query(sql`update users set password_hash = null where id = ${u.user.id}`)
    const token = await magicSignIn('mags@example.com')
    await s.query(sql`update sessions set created_at = now() - interval '11 minutes' where user_id = ${u.user.id}`)
    const stale = await changeEmail(token, { email: 'mags.new@example.com' })
    expect(stale.status).toBe(403)
    expect(stale.body).toEqual({
      message: 'For your security, confirm it is you: enter your password, or sign in again, then try again.',
      inputError: 'password',
      reauth: true,
    })
    // A fresh session from switching account continues the old sign-in; it is no re-authentication.
    const switched = await s.api('POST', '/api/auth/switch', { token, body: { account: u.user.account_id } })
    expect(switched.status).toBe(200)
    expect((await changeEmail(switched.body.data.token, { email: 'mags.new@example.com' })).status).toBe(403)
    expect((await me(switched.body.data.token)).email).toBe('mags@example.com')

    const fresh = await magicSignIn('mags@example.com')
    const ok = await changeEmail(fresh, { email: 'mags.new@example.com' })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ email: 'mags.new@example.com', verified: false, has_password: false })
  })
})

describe('after the change', () => {
  test('other sessions end, this one goes on; the old address gets a notice with a 7-day revert link, the new one a verification', async () => {
    const u = await s.signUp({ name: 'Bea', email: 'bea@example.com' })
    const other = (await signIn(u.email, u.password)).body.data.token as string
    const res = await changeEmail(u.token, { email: 'Bea.New@example.com', password: u.password })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ email: 'bea.new@example.com', verified: false })
    expect((await s.api('GET', '/api/user', { token: u.token })).status).toBe(200)
    expect((await s.api('GET', '/api/user', { token: other })).status).toBe(401)

    const notice = (await s.outbox('bea@example.com')).find((m) => m.subject === NOTICE)!
    expect(notice.text).toContain('bea.new@example.com')
    expect(notice.text).toContain('If you made this change, you can ignore this email.')
    expect(notice.links).toHaveLength(1)
    const link = new URL(notice.links[0]!)
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/email/revert')
    const raw = tokenOf(notice.links[0]!)
    const [row] = await s.query<{ kind: string; email: string; created_at: Date; expires_at: Date }>(
      sql`select kind, email, created_at, expires_at from one_time_tokens where token_hash = ${sha256(raw)}`,
    )
    expect(row).toMatchObject({ kind: 'email_revert', email: 'bea@example.com' })
    // Seven days (created_at is the database's clock, expires_at the server's: allow a second).
    expect(Math.abs(new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime() - 7 * 24 * 3600_000)).toBeLessThan(1000)
    expect(JSON.stringify(await s.query(sql`select * from one_time_tokens`))).not.toContain(raw)
    expect((await s.outbox('bea.new@example.com')).map((m) => m.subject)).toContain('Verify your email address')
  })

  test('the notice is in the user’s language', async () => {
    const u = await s.signUp({ name: 'Eva', email: 'eva@example.com' })
    await s.api('PATCH', '/api/user', { token: u.token, body: { locale: 'es' } })
    expect((await changeEmail(u.token, { email: 'eva.nueva@example.com', password: u.password })).status).toBe(200)
    const [notice] = await s.outbox('eva@example.com')
    expect(notice!.subject).toBe('Se ha cambiado el correo de tu cuenta TBR')
    expect(notice!.text).toContain('eva.nueva@example.com')
  })
})

describe('POST /api/user/email/revert', () => {
  test('restores the old address, verified, signed out; signs out every device; works once', async () => {
    const u = await s.signUp({ name: 'Cleo', email: 'cleo@example.com' })
    expect((await changeEmail(u.token, { email: 'thief@example.com', password: u.password })).status).toBe(200)
    const link = await revertToken('cleo@example.com')

    const res = await revert(link)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Your old email address is restored and every device has been signed out.', data: { email: 'cleo@example.com' } })
    // Even the session that made the change is over.
    expect((await s.api('GET', '/api/user', { token: u.token })).status).toBe(401)
    const back = await signIn('cleo@example.com', u.password)
    expect(back.status).toBe(200)
    expect(back.body.data).toMatchObject({ email: 'cleo@example.com', verified: true })
    const again = await revert(link)
    expect(again.status).toBe(400)
    expect(again.body).toEqual({ message: INVALID_LINK, inputError: 'token' })
  })

  test('uses up every other link of the user: older resets to the old address, later revert links, resets to the new one', async () => {
    const u = await s.signUp({ name: 'Hal', email: 'hal@example.com' })
    await s.api('POST', '/api/auth/password/reset/request', { body: { email: 'hal@example.com' } })
    const oldReset = await mailedToken('hal@example.com', 'Reset your password')
    expect((await changeEmail(u.token, { email: 'thief1@example.com', password: u.password })).status).toBe(200)
    const first = await revertToken('hal@example.com')
    // Whoever holds the account moves it on again, and asks for a reset link at their address.
    expect((await changeEmail(u.token, { email: 'thief2@example.com', password: u.password })).status).toBe(200)
    const second = await revertToken('thief1@example.com')
    await s.api('POST', '/api/auth/password/reset/request', { body: { email: 'thief2@example.com' } })
    const thiefReset = await mailedToken('thief2@example.com', 'Reset your password')

    expect((await revert(first)).status).toBe(200)
    expect((await revert(second)).body).toEqual({ message: INVALID_LINK, inputError: 'token' })
    for (const jwt of [oldReset, thiefReset]) {
      expect((await s.api('POST', '/api/auth/password/reset', { body: { jwt, password: 'takeover pass!' } })).status).toBe(400)
    }
    const [row] = await s.query<{ email: string }>(sql`select email from users where id = ${u.user.id}`)
    expect(row!.email).toBe('hal@example.com')
  })

  test('an expired, bogus or missing link is refused', async () => {
    const u = await s.signUp({ name: 'Dan', email: 'dan@example.com' })
    await changeEmail(u.token, { email: 'dan.new@example.com', password: u.password })
    const raw = await revertToken('dan@example.com')
    await s.query(sql`update one_time_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256(raw)}`)
    expect((await revert(raw)).body).toEqual({ message: INVALID_LINK, inputError: 'token' })
    expect((await revert('bogus')).status).toBe(400)
    const missing = await s.api('POST', '/api/user/email/revert', { body: {} })
    expect(missing.status).toBe(400)
    expect(missing.body.inputError).toBe('token')
    expect((await me(u.token)).email).toBe('dan.new@example.com')
  })

  test('when the old address was taken meanwhile: 400, nothing changes, and the link still works once it is free', async () => {
    const u = await s.signUp({ name: 'Fay', email: 'fay@example.com' })
    await changeEmail(u.token, { email: 'fay.new@example.com', password: u.password })
    const raw = await revertToken('fay@example.com')
    // Someone else signs up with the address it left free.
    await s.query(sql`insert into users (id, name, email) values ('squatter', 'Squatter', 'fay@example.com')`)
    const res = await revert(raw)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      message: 'Your old email address now belongs to another account, so it cannot be restored. Please contact support.',
      inputError: 'token',
    })
    expect((await me(u.token)).email).toBe('fay.new@example.com')

    await s.query(sql`update users set email = 'gone@example.com' where id = 'squatter'`)
    expect((await revert(raw)).status).toBe(200)
    const [row] = await s.query<{ email: string; verified: boolean }>(sql`select email, verified from users where id = ${u.user.id}`)
    expect(row).toEqual({ email: 'fay@example.com', verified: true })
  })
})
