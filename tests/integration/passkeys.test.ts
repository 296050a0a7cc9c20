import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SoftwareAuthenticator } from '../fixtures/webauthn/software-authenticator'
import { sql, startTestServer, type TestServer } from './harness'
import { userWith2fa } from './two-factor-kit'

// Passkeys (decision 39). The ceremonies run against a real (software) authenticator that
// signs with node:crypto; the server verifies with SimpleWebAuthn. Threats each test covers: a
// replayed or expired signed answer (single-use, expiring challenges), a phishing origin, a
// forged signature, a passkey of someone else (another user's id is 404), an authenticator that
// skipped user verification (not two factors), and secrets in answers (none: the public key stays
// on the server).

const SLOW = { timeout: 120_000 }
const SUBJECT = 'New sign-in to your TBR account'

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

type Person = { token: string; password: string }

/** Registration options, asked with the password (a passkey signs in alone: routes/passkeys.ts). */
const registrationOptions = (u: Person) =>
  s.api('POST', '/api/user/2fa/passkeys/options', { token: u.token, body: { password: u.password } })

async function addPasskey(u: Person, device: SoftwareAuthenticator, name = 'Laptop') {
  const options = await registrationOptions(u)
  expect(options.status).toBe(200)
  const res = await s.api('POST', '/api/user/2fa/passkeys', {
    token: u.token,
    body: { name, response: device.register(options.body.data) },
  })
  return res
}

async function signInOptions() {
  const res = await s.api('POST', '/api/auth/passkey/options')
  expect(res.status).toBe(200)
  return res.body.data
}

const signIn = (response: unknown) => s.api('POST', '/api/auth/passkey', { body: { response } })

describe('registering', SLOW, () => {
  test('options ask for a discoverable credential with user verification, for this site', async () => {
    const u = await s.signUp({ name: 'Pat' })
    expect((await s.api('POST', '/api/user/2fa/passkeys/options')).status).toBe(401)
    const { body } = await registrationOptions(u)
    expect(body.data.rp).toEqual({ id: 'localhost', name: 'TBR' })
    expect(body.data.user.name).toBe(u.email)
    expect(body.data.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' })
    expect(body.data.challenge).toMatch(/^[A-Za-z0-9_-]{32,}$/)
  })

  test('a verified answer adds a named passkey; the list shows public facts only', async () => {
    const u = await s.signUp()
    const device = new SoftwareAuthenticator()
    const added = await addPasskey(u, device, 'Work laptop')
    expect(added.status).toBe(200)
    expect(added.body.message).toBe('Passkey added')
    expect(added.body.data).toEqual({
      id: expect.any(String),
      name: 'Work laptop',
      backed_up: false,
      created_at: expect.stringMatching(/Z$/),
      last_used_at: null,
    })
    const list = await s.api('GET', '/api/user/2fa/passkeys', { token: u.token })
    expect(list.body.data).toEqual([added.body.data])
    // The next options exclude it, so the browser does not make a second one on that device.
    const again = await registrationOptions(u)
    expect(again.body.data.excludeCredentials).toEqual([
      { id: added.body.data.id, type: 'public-key', transports: ['internal'] },
    ])
  })

  test('refused: a used challenge, another user’s challenge, another origin, no user verification, bad input', async () => {
    const u = await s.signUp()
    const other = await s.signUp()
    const device = new SoftwareAuthenticator()
    const options = (await registrationOptions(u)).body.data
    const answer = device.register(options)
    expect(
      (await s.api('POST', '/api/user/2fa/passkeys', { token: other.token, body: { name: 'X', response: answer } }))
        .body,
    ).toEqual({
      message: 'The passkey could not be verified. Please try again.',
      inputError: 'response',
    })
    // That attempt used the challenge up: the right user cannot reuse it either.
    expect(
      (await s.api('POST', '/api/user/2fa/passkeys', { token: u.token, body: { name: 'X', response: answer } })).status,
    ).toBe(400)

    const phished = device.register(
      (await registrationOptions(u)).body.data,
      { origin: 'http://evil.test' },
    )
    expect(
      (await s.api('POST', '/api/user/2fa/passkeys', { token: u.token, body: { name: 'X', response: phished } }))
        .status,
    ).toBe(400)

    device.userVerified = false
    expect((await addPasskey(u, device)).status).toBe(400)

    const bad = await s.api('POST', '/api/user/2fa/passkeys', { token: u.token, body: { name: '', response: answer } })
    expect(bad.body).toEqual({ message: 'Give the passkey a name', inputError: 'name' })
    const junk = await s.api('POST', '/api/user/2fa/passkeys', {
      token: u.token,
      body: { name: 'X', response: { id: 'x' } },
    })
    expect(junk.status).toBe(400)
    expect(junk.body.inputError).toBe('response')
    expect((await s.api('GET', '/api/user/2fa/passkeys', { token: u.token })).body.data).toEqual([])
  })
})

describe('signing in', SLOW, () => {
  test('a passkey signs in as two factors: no code even with 2FA on; the notice names it', async () => {
    const u = await userWith2fa(s, { name: 'Robin' })
    const device = new SoftwareAuthenticator()
    expect((await addPasskey(u, device)).status).toBe(200)
    const options = await signInOptions()
    expect(options.rpId).toBe('localhost')
    expect(options.userVerification).toBe('required')
    // Discoverable: the browser offers whichever passkey of this site the person picks.
    expect(options.allowCredentials ?? []).toEqual([])
    const res = await signIn(device.authenticate(options))
    expect(res.status).toBe(200)
    expect(res.body.data['2fa_required']).toBeUndefined()
    expect(res.body.data.email).toBe(u.email)
    const me = await s.api('GET', '/api/user', { token: res.body.data.token })
    expect(me.status).toBe(200)
    const list = await s.api('GET', '/api/user/2fa/passkeys', { token: res.body.data.token })
    expect(list.body.data[0].last_used_at).toMatch(/Z$/)
    await s.settled()
    const notice = (await s.outbox(u.email)).find((m) => m.subject === SUBJECT)!
    expect(notice.text).toContain('Method: passkey\n')
  })

  test('refused with one answer: a replayed answer, an expired challenge, a forged signature, another origin, an unknown passkey', async () => {
    const u = await s.signUp()
    const device = new SoftwareAuthenticator()
    await addPasskey(u, device)
    const refused = { message: 'That passkey could not sign you in. Try again, or sign in another way.' }

    const answer = device.authenticate(await signInOptions())
    expect((await signIn(answer)).status).toBe(200)
    const replay = await signIn(answer)
    expect(replay.status).toBe(401)
    expect(replay.body).toEqual(refused)

    const late = await signInOptions()
    await s.query(
      sql`update one_time_tokens set expires_at = now() - interval '1 second' where kind = 'passkey_signin'`,
    )
    expect((await signIn(device.authenticate(late))).status).toBe(401)

    const forged = device.authenticate(await signInOptions())
    const sig = Buffer.from(forged.response.signature, 'base64url')
    sig.writeUInt8(sig.readUInt8(sig.length - 1) ^ 1, sig.length - 1)
    expect(
      (await signIn({ ...forged, response: { ...forged.response, signature: sig.toString('base64url') } })).status,
    ).toBe(401)

    expect((await signIn(device.authenticate(await signInOptions(), { origin: 'http://evil.test' }))).status).toBe(401)

    // The passkey's answer claiming another user (its userHandle): refused, and its challenge spent.
    const claimed = device.authenticate(await signInOptions())
    const other = {
      ...claimed,
      response: { ...claimed.response, userHandle: Buffer.from('someone-else').toString('base64url') },
    }
    expect((await signIn(other)).status).toBe(401)
    expect((await signIn(claimed)).status).toBe(401)

    const stranger = new SoftwareAuthenticator()
    stranger.register({ rp: { id: 'localhost' }, user: { id: 'bm9ib2R5' }, challenge: 'x' })
    expect((await signIn(stranger.authenticate(await signInOptions()))).status).toBe(401)

    device.userVerified = false
    expect((await signIn(device.authenticate(await signInOptions()))).status).toBe(401)

    const junk = await s.api('POST', '/api/auth/passkey', { body: { response: { type: 'password' } } })
    expect(junk.status).toBe(400)
    expect(junk.body.inputError).toBe('response')
  })
})

describe('managing', SLOW, () => {
  test('rename and remove; another user’s passkey is 404; a removed passkey no longer signs in', async () => {
    const u = await s.signUp()
    const other = await s.signUp()
    const device = new SoftwareAuthenticator()
    const { id } = (await addPasskey(u, device)).body.data
    const path = `/api/user/2fa/passkeys/${id}`

    expect((await s.api('PATCH', path, { token: other.token, body: { name: 'Mine' } })).status).toBe(404)
    expect((await s.api('DELETE', path, { token: other.token })).status).toBe(404)

    const renamed = await s.api('PATCH', path, { token: u.token, body: { name: '  Phone  ' } })
    expect(renamed.status).toBe(200)
    expect(renamed.body.data.name).toBe('Phone')
    expect((await s.api('PATCH', path, { token: u.token, body: { name: 'x'.repeat(61) } })).body.inputError).toBe(
      'name',
    )

    expect((await s.api('DELETE', path, { token: u.token })).body.message).toBe('Passkey removed')
    expect((await s.api('GET', '/api/user/2fa/passkeys', { token: u.token })).body.data).toEqual([])
    expect((await s.api('DELETE', path, { token: u.token })).status).toBe(404)
    expect((await signIn(device.authenticate(await signInOptions()))).status).toBe(401)
  })
})

describe('adding one needs a step-up (decisions: a recent sign-in or the current password)', SLOW, () => {
  test('a session signed in long ago gets no options without the password; a wrong one is refused', async () => {
    const u = await s.signUp()
    const fresh = await s.api('POST', '/api/user/2fa/passkeys/options', { token: u.token, body: { password: 'not it at all!' } })
    expect(fresh.status).toBe(400)
    expect(fresh.body.inputError).toBe('password')
    await s.query(sql`update sessions set created_at = now() - interval '11 minutes' where user_id = ${u.user.id}`)
    const none = await s.api('POST', '/api/user/2fa/passkeys/options', { token: u.token, body: {} })
    expect(none.status).toBe(403)
    expect(none.body).toMatchObject({ reauth: true, inputError: 'password' })
    const wrong = await s.api('POST', '/api/user/2fa/passkeys/options', { token: u.token, body: { password: 'not it at all!' } })
    expect(wrong.status).toBe(403)
    expect(wrong.body).toMatchObject({ reauth: true, message: 'Your current password is not correct' })
    expect((await s.api('GET', '/api/user/2fa/passkeys', { token: u.token })).body.data).toEqual([])
    expect((await s.api('POST', '/api/user/2fa/passkeys/options', { token: u.token, body: { password: u.password } })).status).toBe(200)
  })

  test('a reader without a password needs a sign-in of the last 10 minutes', async () => {
    const u = await s.signUp()
    await s.query(sql`update users set password_hash = null where id = ${u.user.id}`)
    const fresh = await s.api('POST', '/api/user/2fa/passkeys/options', { token: u.token, body: {} })
    expect(fresh.status).toBe(200)
    await s.query(sql`update sessions set created_at = now() - interval '11 minutes' where user_id = ${u.user.id}`)
    const stale = await s.api('POST', '/api/user/2fa/passkeys/options', { token: u.token, body: {} })
    expect(stale.status).toBe(403)
    expect(stale.body).toEqual({
      message: 'For your security, confirm it is you: enter your password, or sign in again, then try again.',
      inputError: 'password',
      reauth: true,
    })
  })

  test('the owner is mailed when one is added, with the link to remove it', async () => {
    const u = await s.signUp({ name: 'Noor' })
    expect((await addPasskey(u, new SoftwareAuthenticator(), 'Kitchen tablet')).status).toBe(200)
    await s.settled()
    const mail = (await s.outbox(u.email)).find((m) => m.subject === 'A passkey was added to your TBR account')!
    expect(mail.text).toContain('“Kitchen tablet”')
    expect(mail.links).toEqual([expect.stringMatching(/\/account\/2fa$/)])
  })
})

describe('a support session', SLOW, () => {
  test('is refused adding, renaming and removing passkeys (support sessions make no security changes)', async () => {
    const master = await s.signUp({ name: 'Sam Support' })
    await s.query(sql`update users set master = true where id = ${master.user.id}`)
    const u = await s.signUp({ name: 'Ada Helped' })
    await s.api('PATCH', '/api/user', { token: u.token, body: { support_enabled: true } })
    const { id } = (await addPasskey(u, new SoftwareAuthenticator())).body.data
    const start = await s.api('POST', '/api/support/impersonate', { token: master.token, body: { user_id: u.user.id } })
    const support = (await s.api('POST', '/api/auth/impersonate', { body: { token: start.body.data.token } })).body.data
      .token
    const refused = { message: expect.any(String) }
    for (const [method, path, body] of [
      ['POST', '/api/user/2fa/passkeys/options', undefined],
      ['POST', '/api/user/2fa/passkeys', { name: 'Mine now', response: {} }],
      ['PATCH', `/api/user/2fa/passkeys/${id}`, { name: 'Mine now' }],
      ['DELETE', `/api/user/2fa/passkeys/${id}`, undefined],
    ] as const) {
      const res = await s.api(method, path, { token: support, body })
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(res.body).toEqual(refused)
    }
    expect((await s.api('GET', '/api/user/2fa/passkeys', { token: u.token })).body.data).toMatchObject([
      { id, name: 'Laptop' },
    ])
  })
})
