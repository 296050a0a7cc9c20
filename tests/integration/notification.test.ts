import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer, tokenOf, type TestServer } from './harness'

// Notification settings (name, active), GET and PATCH /api/notification (one boolean
// per name, for the signed-in user only), and what the settings do today: new_signin mails a
// notice after a password or magic-link sign-in, plan_updated after a plan change.

const ALL_ON = { new_signin: true, plan_updated: true, card_updated: true, invite_accepted: true }
const SIGNIN_SUBJECT = 'New sign-in to your TBR account'
const UA = 'Mozilla/5.0 (X11; Linux x86_64) NotifTest/1.0'
// Several password derivations (scrypt, deliberately slow) in one test: past 30 s on a busy machine.
const SLOW = { timeout: 120_000 }

let s: TestServer
beforeAll(async () => {
  // A second free plan, so a plan can change without a card.
  s = await startTestServer({
    PLANS: JSON.stringify([{ id: 'pilot', name: 'Pilot', price: 0, features: ['Everything in Free'] }]),
  })
})
afterAll(() => s.close())

// Notices are mailed in the background (a slow mail server never slows sign-in): wait for them.
const signInMails = async (email: string, subject = SIGNIN_SUBJECT) => {
  await s.settled()
  return (await s.outbox(email)).filter((m) => m.subject === subject)
}
const passwordSignIn = (email: string, password: string, lang?: string) =>
  s.api('POST', '/api/auth', { body: { email, password }, headers: { 'user-agent': UA }, lang })

describe('GET /api/notification', () => {
  test('every known name is on until changed', async () => {
    const u = await s.signUp()
    const res = await s.api('GET', '/api/notification', { token: u.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ data: ALL_ON })
  })

  test('401 without a session, for GET and PATCH', async () => {
    expect((await s.api('GET', '/api/notification')).status).toBe(401)
    const patch = await s.api('PATCH', '/api/notification', { body: { new_signin: false } })
    expect(patch.status).toBe(401)
    expect(patch.body.message).toBe('Please sign in to continue')
  })
})

describe('PATCH /api/notification', () => {
  test('a partial change is stored; the answer is the full map and a translated message', async () => {
    const u = await s.signUp()
    const res = await s.api('PATCH', '/api/notification', { token: u.token, body: { new_signin: false } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      message: 'Your notification settings have been saved',
      data: { ...ALL_ON, new_signin: false },
    })

    const more = await s.api('PATCH', '/api/notification', {
      token: u.token,
      body: { card_updated: false, plan_updated: false },
      lang: 'es',
    })
    expect(more.body).toEqual({
      message: 'Tus ajustes de notificaciones se han guardado',
      data: { new_signin: false, plan_updated: false, card_updated: false, invite_accepted: true },
    })
    const back = await s.api('PATCH', '/api/notification', { token: u.token, body: { new_signin: true } })
    expect(back.body.data).toEqual({ ...ALL_ON, plan_updated: false, card_updated: false })
    expect((await s.api('GET', '/api/notification', { token: u.token })).body.data).toEqual(back.body.data)
    // An empty body changes nothing.
    const empty = await s.api('PATCH', '/api/notification', { token: u.token, body: {} })
    expect(empty.status).toBe(200)
    expect(empty.body.data).toEqual(back.body.data)
  })

  test('an unknown name or a non-boolean is 400 naming the field, and nothing is stored', async () => {
    const u = await s.signUp()
    const unknown = await s.api('PATCH', '/api/notification', {
      token: u.token,
      body: { new_signin: false, weekly_digest: true },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({ message: 'Unknown notification', inputError: 'weekly_digest' })
    for (const value of ['false', 0, null, 'yes']) {
      const bad = await s.api('PATCH', '/api/notification', { token: u.token, body: { plan_updated: value } })
      expect(bad.status).toBe(400)
      expect(bad.body).toEqual({ message: 'A notification setting must be true or false', inputError: 'plan_updated' })
    }
    const es = await s.api('PATCH', '/api/notification', {
      token: u.token,
      body: { invite_accepted: 'no' },
      lang: 'es',
    })
    expect(es.body).toEqual({
      message: 'Un ajuste de notificación debe ser true o false',
      inputError: 'invite_accepted',
    })
    const notObject = await s.api('PATCH', '/api/notification', { token: u.token, body: [{ new_signin: false }] })
    expect(notObject.status).toBe(400)
    expect((await s.api('GET', '/api/notification', { token: u.token })).body.data).toEqual(ALL_ON)
  })

  test('a user reads and writes only their own settings, whichever account the session is in', SLOW, async () => {
    const a = await s.signUp()
    const b = await s.signUp()
    await s.api('PATCH', '/api/notification', { token: a.token, body: { new_signin: false, plan_updated: false } })
    // B sees the defaults, and B's change leaves A's alone.
    expect((await s.api('GET', '/api/notification', { token: b.token })).body.data).toEqual(ALL_ON)
    await s.api('PATCH', '/api/notification', { token: b.token, body: { invite_accepted: false } })
    expect((await s.api('GET', '/api/notification', { token: a.token })).body.data).toEqual({
      ...ALL_ON,
      new_signin: false,
      plan_updated: false,
    })
    expect((await s.api('GET', '/api/notification', { token: b.token })).body.data).toEqual({
      ...ALL_ON,
      invite_accepted: false,
    })
    // No way to name another user: an id in the body is an unknown field.
    const sneaky = await s.api('PATCH', '/api/notification', {
      token: b.token,
      body: { user_id: a.user.id, new_signin: true },
    })
    expect(sneaky.status).toBe(400)
    expect(sneaky.body.inputError).toBe('user_id')
    expect((await s.api('GET', '/api/notification', { token: a.token })).body.data.new_signin).toBe(false)

    // A's session in a second account of A's (duplicate sign-up) reads the same settings.
    const second = await s.api('POST', '/api/account', {
      body: { name: 'A two', email: a.email, password: a.password },
    })
    expect(second.body.data.account_id).not.toBe(a.user.account_id)
    expect((await s.api('GET', '/api/notification', { token: second.body.data.token })).body.data).toEqual({
      ...ALL_ON,
      new_signin: false,
      plan_updated: false,
    })
  })
})

describe('new_signin', () => {
  test('a password sign-in mails the notice (device, UTC time, change-password link) when on', async () => {
    const u = await s.signUp({ name: 'Nia Notice' })
    // Sign-up and verification are not sign-ins of an existing account: no notice yet.
    expect(await signInMails(u.email)).toEqual([])
    const before = new Date()
    const res = await passwordSignIn(u.email, u.password)
    expect(res.status).toBe(200)
    expect(res.body.data.token).toBeTruthy()
    const [mail, ...more] = await signInMails(u.email)
    expect(more).toHaveLength(0)
    expect(mail!.text).toContain('Hi Nia Notice')
    expect(mail!.text).toContain(`Device: ${UA}`)
    const time = mail!.text.match(/Time: (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC/)![1]!
    const sent = new Date(`${time.replace(' ', 'T')}Z`).getTime()
    expect(sent).toBeGreaterThanOrEqual(Math.floor(before.getTime() / 1000) * 1000)
    expect(sent).toBeLessThanOrEqual(Date.now())
    expect(mail!.links).toEqual([
      'http://localhost:3000/account/password',
      'http://localhost:3000/account/notifications',
    ])
    expect(mail!.html).toContain('href="http://localhost:3000/account/password"')
    expect(mail!.html).toContain('Change password')
  })

  test('a magic-link sign-in mails it too; no notice when the setting is off', async () => {
    const u = await s.signUp()
    await s.api('POST', '/api/auth/magic', { body: { email: u.email } })
    const magic = (await s.outbox(u.email)).find((m) => m.subject === 'Your sign-in link')!
    const res = await s.api('POST', '/api/auth/magic/verify', {
      body: { token: tokenOf(magic.links[0]!) },
      headers: { 'user-agent': UA },
    })
    expect(res.status).toBe(200)
    expect(await signInMails(u.email)).toHaveLength(1)

    await s.api('PATCH', '/api/notification', { token: u.token, body: { new_signin: false } })
    expect((await passwordSignIn(u.email, u.password)).status).toBe(200)
    await s.api('POST', '/api/auth/magic', { body: { email: u.email } })
    const magic2 = (await s.outbox(u.email)).find(
      (m) => m.subject === 'Your sign-in link' && m.links[0] !== magic.links[0],
    )!
    expect((await s.api('POST', '/api/auth/magic/verify', { body: { token: tokenOf(magic2.links[0]!) } })).status).toBe(
      200,
    )
    expect(await signInMails(u.email)).toHaveLength(1)

    // On again: the next sign-in is mailed.
    await s.api('PATCH', '/api/notification', { token: u.token, body: { new_signin: true } })
    expect((await passwordSignIn(u.email, u.password)).status).toBe(200)
    expect(await signInMails(u.email)).toHaveLength(2)
  })

  test('a failed sign-in mails nothing; the notice is in the user’s language, not the caller’s', async () => {
    const u = await s.signUp({ name: 'Lola' })
    expect((await passwordSignIn(u.email, 'wrong password!')).status).toBe(401)
    expect(await signInMails(u.email)).toEqual([])

    await s.api('PATCH', '/api/user', { token: u.token, body: { locale: 'es' } })
    expect((await passwordSignIn(u.email, u.password, 'en')).status).toBe(200)
    const [mail] = await signInMails(u.email, 'Nuevo inicio de sesión en tu cuenta TBR')
    expect(mail!.text).toContain('Hola Lola')
    expect(mail!.text).toContain(`Dispositivo: ${UA}`)
    expect(mail!.text).toMatch(/Hora: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/)
    expect(mail!.html).toContain('Cambiar contraseña')
    expect(mail!.html).toContain('lang="es"')
    expect(await signInMails(u.email)).toEqual([])
  })

  test('without a user-agent the device reads "unknown"; an HTML user-agent is escaped', async () => {
    const u = await s.signUp()
    await s.api('POST', '/api/auth', { body: { email: u.email, password: u.password } })
    expect((await signInMails(u.email))[0]!.text).toContain('Device: unknown')
    await s.api('POST', '/api/auth', {
      body: { email: u.email, password: u.password },
      headers: { 'user-agent': '<b>evil</b>' },
    })
    const [latest] = await signInMails(u.email)
    expect(latest!.html).toContain('&lt;b&gt;evil&lt;/b&gt;')
    expect(latest!.html).not.toContain('<b>evil')
  })

  test('many sign-ins are not held back by the per-address mail limits (each is mailed)', SLOW, async () => {
    const u = await s.signUp()
    for (let i = 0; i < 7; i++) expect((await passwordSignIn(u.email, u.password)).status).toBe(200)
    expect(await signInMails(u.email)).toHaveLength(7)
  })
})

describe('new_signin when mail fails', () => {
  // Port 9 on loopback: nothing listens, the connection is refused at once. Started in a hook:
  // booting a second database can take long on a busy machine.
  let smtpDown: TestServer
  beforeAll(async () => {
    smtpDown = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:9' })
  })
  afterAll(() => smtpDown.close())

  test('an unreachable SMTP server does not fail the sign-in', async () => {
    const email = 'down@example.com'
    const password = 'correct horse!'
    const up = await smtpDown.api('POST', '/api/account', { body: { name: 'Dee', email, password } })
    // The sign-up's verification mail fails quietly too (sendTokenMail); the account exists.
    expect(up.status).toBe(200)
    const res = await smtpDown.api('POST', '/api/auth', { body: { email, password } })
    expect(res.status).toBe(200)
    expect(res.body.data.token).toBeTruthy()
  })
})

describe('plan_updated', () => {
  test('changing the plan mails a notice when on; the first choice and the same plan do not; off mails nothing', async () => {
    const u = await s.signUp({ name: 'Pat Plan', plan: null })
    const plan = (id: string) => s.api('POST', '/api/account/plan', { token: u.token, body: { plan: id } })
    const planMails = async () => (await s.outbox(u.email)).filter((m) => m.subject === 'Your TBR plan has changed')
    expect((await plan('free')).status).toBe(200)
    expect(await planMails()).toEqual([])
    const changed = await plan('pilot')
    expect(changed.status).toBe(200)
    expect(changed.body.message).toBe('Your plan has been updated')
    const [mail, ...more] = await planMails()
    expect(more).toHaveLength(0)
    expect(mail!.text).toContain('Hi Pat Plan, the plan of Pat Plan is now Pilot.')
    expect(mail!.links).toEqual(['http://localhost:3000/account', 'http://localhost:3000/account/notifications'])
    expect((await plan('pilot')).status).toBe(200)
    expect(await planMails()).toHaveLength(1)

    await s.api('PATCH', '/api/notification', { token: u.token, body: { plan_updated: false } })
    expect((await plan('free')).status).toBe(200)
    expect(await planMails()).toHaveLength(1)
  })
})
