import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { newMember, newOwner, type Person } from './billing-kit'
import { sql, startTestServer, tokenOf, type TestServer } from './harness'
import { startSmtpInbox, type SmtpInbox } from './smtp-kit'
import { clearOfStepEdge, codeAt, STEP_MS } from './two-factor-kit'

// decisions: step-up. The attack is a stolen session, used after the owner signed in long ago:
// it must not be able to add a way in (a first password, a passkey, an API key, a new address),
// lock the owner out (2FA on) or remove a protection (2FA off), or close or leave the account,
// without a recent sign-in or the current password. Every such change (and a password change)
// mails the owner a security notice; mail goes over SMTP here, to a local SMTP server.

const SLOW = { timeout: 120_000 }
const PASSWORD = 'owner secret!'

let smtp: SmtpInbox
let s: TestServer
beforeAll(async () => {
  smtp = await startSmtpInbox()
  s = await startTestServer({ SMTP_URL: smtp.url })
})
afterAll(async () => {
  await s.close()
  await smtp.close()
})

/** Moves every sign-in of the person past REAUTH_WINDOW_S (600 s by default): the stolen session. */
const age = (p: Person) =>
  s.query(sql`update sessions set created_at = created_at - interval '11 minutes' where user_id = ${p.userId}`)

/** An owner on the club plan (API keys) with a password, signed in long ago. */
async function ownerWithPassword(locale = 'en') {
  const p = await newOwner(s, { plan: 'club' })
  await s.query(sql`update users set locale = ${locale} where id = ${p.userId}`)
  const set = await s.api('PUT', '/api/user/password', { token: p.token, body: { newpassword: PASSWORD } })
  expect(set.status, JSON.stringify(set.body)).toBe(200)
  await age(p)
  return p
}

const expectReauth = (res: { status: number; body: any }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(403)
  expect(res.body).toMatchObject({ reauth: true, message: expect.any(String) })
}

const user = async (p: Person) => (await s.api('GET', '/api/user', { token: p.token })).body.data

/** The subjects of the security notices the person received, once the background mail is out. */
async function notices(email: string) {
  await s.settled()
  return smtp.mailsTo(email).map((m) => m.headers.get('subject'))
}

describe('a session whose sign-in is older than the window', SLOW, () => {
  test('turning 2FA on: 403 reauth and nothing changed; with the password it starts', async () => {
    const p = await ownerWithPassword()
    const res = await s.api('PUT', '/api/user/2fa', { token: p.token, body: { '2fa_enabled': true } })
    expectReauth(res)
    expect(res.body.message).toBe('For your security, confirm it is you: enter your password, or sign in again, then try again.')
    const [row] = await s.query<{ totp_secret: string | null }>(sql`select totp_secret from users where id = ${p.userId}`)
    expect(row!.totp_secret).toBeNull()
    const wrong = await s.api('PUT', '/api/user/2fa', { token: p.token, body: { '2fa_enabled': true, password: 'not it!!' } })
    expectReauth(wrong)
    const ok = await s.api('PUT', '/api/user/2fa', { token: p.token, body: { '2fa_enabled': true, password: PASSWORD } })
    expect(ok.status).toBe(200)
    expect(ok.body.data.secret).toMatch(/^[A-Z2-7]+$/)
  })

  test('a password-less user cannot be given a first password; a fresh magic-link sign-in can', async () => {
    const p = await newOwner(s, { plan: 'club' })
    await age(p)
    expectReauth(await s.api('PUT', '/api/user/password', { token: p.token, body: { newpassword: 'thief pass!' } }))
    expect((await user(p)).has_password).toBe(false)
    // The owner signs in again by magic link: that session may.
    await s.api('POST', '/api/auth/magic', { body: { email: p.email } })
    await s.settled()
    const link = smtp.mailsTo(p.email).at(-1)!.text.match(/https?:\/\/\S+/)![0]
    const fresh = await s.api('POST', '/api/auth/magic/verify', { body: { token: tokenOf(link) } })
    expect(fresh.status).toBe(200)
    const set = await s.api('PUT', '/api/user/password', { token: fresh.body.data.token, body: { newpassword: PASSWORD } })
    expect(set.status).toBe(200)
    expect(set.body.data.has_password).toBe(true)
  })

  test('every step-up call refuses without proof and changes nothing, and goes through with the password', async () => {
    const p = await ownerWithPassword()
    const call = (method: string, path: string, body: Record<string, unknown>) => s.api(method, path, { token: p.token, body })

    // A new email address.
    const newEmail = `moved.${Date.now()}@example.com`
    expectReauth(await call('PATCH', '/api/user', { email: newEmail }))
    expect((await user(p)).email).toBe(p.email)
    // A passkey's registration options (the challenge a new passkey must sign).
    expectReauth(await call('POST', '/api/user/2fa/passkeys/options', {}))
    expect((await call('POST', '/api/user/2fa/passkeys/options', { password: PASSWORD })).status).toBe(200)
    // An API key.
    expectReauth(await call('POST', '/api/key', { name: 'thief', scope: ['books.read'] }))
    expect((await s.api('GET', '/api/key', { token: p.token })).body.data).toEqual([])
    const key = await call('POST', '/api/key', { name: 'mine', scope: ['books.read'], password: PASSWORD })
    expect(key.status).toBe(200)
    // The second factor on, then off: a current code alone does not do from an old session.
    const on = await call('PUT', '/api/user/2fa', { '2fa_enabled': true, password: PASSWORD })
    await clearOfStepEdge()
    expect((await call('POST', '/api/user/2fa/verify', { code: codeAt(on.body.data.secret, Date.now() - STEP_MS) })).status).toBe(200)
    expectReauth(await call('PUT', '/api/user/2fa', { '2fa_enabled': false, code: codeAt(on.body.data.secret) }))
    expect((await user(p))['2fa_enabled']).toBe(true)
    expect((await call('PUT', '/api/user/2fa', { '2fa_enabled': false, password: PASSWORD })).status).toBe(200)
    expect((await user(p))['2fa_enabled']).toBe(false)
    // The address, now with the password.
    const moved = await call('PATCH', '/api/user', { email: newEmail, password: PASSWORD })
    expect(moved.status).toBe(200)
    expect(moved.body.data.email).toBe(newEmail)

    // Leaving an account (a member of another account, signed in long ago).
    const member = await newMember(s, p.accountId, 'user')
    await s.api('PUT', '/api/user/password', { token: member.token, body: { newpassword: PASSWORD } })
    await age(member)
    expectReauth(await s.api('DELETE', '/api/user', { token: member.token, body: {} }))
    expect((await s.api('GET', '/api/user', { token: member.token })).status).toBe(200)
    expect((await s.api('DELETE', '/api/user', { token: member.token, body: { password: PASSWORD } })).status).toBe(200)

    // Closing the account: typing its name is not a proof of who is typing.
    const name = (await user(p)).account_name
    expectReauth(await call('DELETE', '/api/account', { confirm: name }))
    expect((await s.api('GET', '/api/user', { token: p.token })).status).toBe(200)
    expect((await call('DELETE', '/api/account', { confirm: name, password: PASSWORD })).status).toBe(200)
    expect((await s.api('GET', '/api/user', { token: p.token })).status).toBe(401)
  })

  test('a sign-in within the window is the proof; switching account does not renew it', async () => {
    const p = await ownerWithPassword()
    const signIn = await s.api('POST', '/api/auth', { body: { email: p.email, password: PASSWORD } })
    const fresh = signIn.body.data.token as string
    expect((await s.api('POST', '/api/user/2fa/passkeys/options', { token: fresh, body: {} })).status).toBe(200)
    // The old session switching accounts is still the old sign-in.
    const other = await s.api('POST', '/api/account', { body: { name: 'Second', email: p.email, password: PASSWORD } })
    expect(other.status).toBe(200)
    await age(p)
    const switched = await s.api('POST', '/api/auth/switch', { token: fresh, body: { account: p.accountId } })
    expect(switched.status).toBe(200)
    expectReauth(await s.api('POST', '/api/user/2fa/passkeys/options', { token: switched.body.data.token, body: {} }))
  })

  test('an API key is never a step-up proof', async () => {
    const p = await ownerWithPassword()
    const key = await s.api('POST', '/api/key', { token: p.token, body: { name: 'k', scope: ['books.read'], password: PASSWORD } })
    const res = await s.api('POST', '/api/key', { token: key.body.data.full_key, body: { name: 'x', scope: ['books.read'], password: PASSWORD } })
    expect(res.status).toBe(403)
  })
})

describe('security notices', SLOW, () => {
  test('each change mails the owner over SMTP, in their language, whatever their notification settings', async () => {
    const p = await ownerWithPassword('es')
    const off = { new_signin: false, plan_updated: false, card_updated: false, invite_accepted: false }
    expect((await s.api('PATCH', '/api/notification', { token: p.token, body: off })).status).toBe(200)
    const call = (method: string, path: string, body: Record<string, unknown>) =>
      s.api(method, path, { token: p.token, body: { ...body, password: PASSWORD } })
    expect((await call('POST', '/api/key', { name: 'Atajo', scope: ['books.read'] })).status).toBe(200)
    const on = await call('PUT', '/api/user/2fa', { '2fa_enabled': true })
    await clearOfStepEdge()
    expect((await call('POST', '/api/user/2fa/verify', { code: codeAt(on.body.data.secret, Date.now() - STEP_MS) })).status).toBe(200)
    expect((await call('PUT', '/api/user/2fa', { '2fa_enabled': false })).status).toBe(200)
    const change = await s.api('PUT', '/api/user/password', { token: p.token, body: { oldpassword: PASSWORD, newpassword: 'otra clave!' } })
    expect(change.status).toBe(200)
    const subjects = await notices(p.email)
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Aviso de seguridad de TBR: se estableció una contraseña',
        'Aviso de seguridad de TBR: se creó una clave de API llamada «Atajo»',
        'Aviso de seguridad de TBR: se activó la verificación en dos pasos',
        'Aviso de seguridad de TBR: se desactivó la verificación en dos pasos',
        'Aviso de seguridad de TBR: se cambió la contraseña',
      ]),
    )
    const mail = smtp.mailsTo(p.email).find((m) => m.headers.get('subject')!.includes('dos pasos'))!
    expect(mail.text).toContain('http://localhost:3000/account/2fa')
  })

  test('closing the account is told in English to an English owner', async () => {
    const p = await ownerWithPassword()
    const name = (await user(p)).account_name
    expect((await s.api('DELETE', '/api/account', { token: p.token, body: { confirm: name, password: PASSWORD } })).status).toBe(200)
    expect(await notices(p.email)).toContain(`TBR security notice: the account “${name}” was closed`)
  })
})
