import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql, startTestServer, type TestServer } from './harness'

// PUT /api/user/password {oldpassword, has_password, newpassword}: the old password only when
// one exists, the complexity rule, a change revokes the other sessions, and wrong old passwords
// count toward the sign-in limit.

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

const signIn = (email: string, password: string) => s.api('POST', '/api/auth', { body: { email, password } })

describe('PUT /api/user/password', () => {
  test('changes the password: the old one stops working, other sessions end, this one goes on', async () => {
    const u = await s.signUp({ email: 'pat@example.com', password: 'first pass!' })
    const other = (await signIn(u.email, 'first pass!')).body.data.token as string
    expect((await s.api('GET', '/api/user', { token: other })).status).toBe(200)

    const res = await s.api('PUT', '/api/user/password', {
      token: u.token,
      body: { oldpassword: 'first pass!', has_password: true, newpassword: 'second pass#' },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Your password has been changed. Other devices have been signed out.')
    expect(res.body.data).toMatchObject({ email: 'pat@example.com', has_password: true })
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|hash/i)

    expect((await s.api('GET', '/api/user', { token: u.token })).status).toBe(200)
    expect((await s.api('GET', '/api/user', { token: other })).status).toBe(401)
    expect((await signIn(u.email, 'first pass!')).status).toBe(401)
    expect((await signIn(u.email, 'second pass#')).status).toBe(200)
  })

  test('a wrong or missing old password is a 400 on oldpassword and changes nothing', async () => {
    const u = await s.signUp({ email: 'wrong@example.com', password: 'first pass!' })
    const wrong = await s.api('PUT', '/api/user/password', { token: u.token, body: { oldpassword: 'nope nope!', newpassword: 'second pass#' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({ message: 'Your current password is not correct', inputError: 'oldpassword' })
    const missing = await s.api('PUT', '/api/user/password', { token: u.token, body: { has_password: false, newpassword: 'second pass#' }, lang: 'es' })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ message: 'Introduce tu contraseña actual', inputError: 'oldpassword' })
    expect((await signIn(u.email, 'first pass!')).status).toBe(200)
  })

  test('the new password follows the complexity rule; unknown fields are refused', async () => {
    const u = await s.signUp({ email: 'weak@example.com', password: 'first pass!' })
    const weak = await s.api('PUT', '/api/user/password', { token: u.token, body: { oldpassword: 'first pass!', newpassword: 'password1' } })
    expect(weak.status).toBe(400)
    expect(weak.body).toEqual({ message: 'Password must contain at least one special character', inputError: 'newpassword' })
    const short = await s.api('PUT', '/api/user/password', { token: u.token, body: { oldpassword: 'first pass!', newpassword: 'a!' } })
    expect(short.body.inputError).toBe('newpassword')
    const extra = await s.api('PUT', '/api/user/password', { token: u.token, body: { oldpassword: 'first pass!', newpassword: 'second pass#', admin: true } })
    expect(extra.status).toBe(400)
    const notJson = await s.api('PUT', '/api/user/password', { token: u.token, body: 'x' })
    expect(notJson.status).toBe(400)
  })

  test('a user without a password creates one without an old password', async () => {
    const u = await s.signUp({ email: 'magic@example.com' })
    await s.query(sql`update users set password_hash = null where id = ${u.user.id}`)
    expect((await s.api('GET', '/api/user', { token: u.token })).body.data.has_password).toBe(false)
    // A client that believes a password exists cannot make the server ask for one.
    const res = await s.api('PUT', '/api/user/password', { token: u.token, body: { has_password: true, newpassword: 'brand new!' } })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Your password has been created. Other devices have been signed out.')
    expect(res.body.data.has_password).toBe(true)
    expect((await signIn(u.email, 'brand new!')).status).toBe(200)
  })

  test('needs a session', async () => {
    const res = await s.api('PUT', '/api/user/password', { body: { newpassword: 'brand new!' } })
    expect(res.status).toBe(401)
  })

  test('wrong old passwords share the sign-in limit: the 11th attempt in 15 minutes is 429', async () => {
    const u = await s.signUp({ email: 'guess@example.com', password: 'first pass!' })
    // Eight failures already on record (each real guess costs a slow password derivation), then
    // the ninth and tenth through this call: each counts, and the eleventh is refused.
    await s.query(sql`insert into rate_limits (key, count, reset_at) values ('signin-fail:guess@example.com', 8, now() + interval '15 minutes')`)
    for (let i = 0; i < 2; i++) {
      const res = await s.api('PUT', '/api/user/password', { token: u.token, body: { oldpassword: `guess ${i}!`, newpassword: 'second pass#' } })
      expect(res.status).toBe(400)
    }
    const blocked = await s.api('PUT', '/api/user/password', { token: u.token, body: { oldpassword: 'first pass!', newpassword: 'second pass#' } })
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await signIn(u.email, 'first pass!')).status).toBe(429)
  })
})
