import { afterAll, beforeAll, expect, test } from 'vitest'
import { loadConfig } from '~/server/config'
import { startTestServer, type TestServer } from './harness'

// POST /api/utility/mail {email, name, template, message}: a support message is required;
// the /help message goes to SUPPORT_EMAIL through the mailer (the dev outbox here).

const SUPPORT = 'help-desk@tbr.test'
let s: TestServer
let session: Awaited<ReturnType<TestServer['signUp']>>
beforeAll(async () => {
  s = await startTestServer({ SUPPORT_EMAIL: SUPPORT })
  session = await s.signUp({ name: 'Ada Reader' })
})
afterAll(() => s.close())

const body = (over: Record<string, unknown> = {}) => ({
  email: session.email,
  name: 'Ada Reader',
  template: 'support',
  message: 'My list <b>does not</b> sync.\n\nCan you help?',
  ...over,
})

test('a signed-in user sends a support message; it reaches SUPPORT_EMAIL, escaped, with who sent it', async () => {
  const res = await s.api('POST', '/api/utility/mail', { token: session.token, body: body() })
  expect(res.status).toBe(200)
  expect(res.body.message).toBe('Thank you: your message has been sent. We will reply by email.')
  const [mail] = await s.outbox(SUPPORT)
  expect(mail!.subject).toBe('Support request from Ada Reader')
  expect(mail!.text).toContain('My list <b>does not</b> sync.')
  expect(mail!.text).toContain(session.email)
  expect(mail!.text).toContain('Support access to their account is off')
  expect(mail!.html).toContain('&lt;b&gt;does not&lt;/b&gt;')
  expect(mail!.html).not.toContain('<b>does not</b>')
  expect(mail!.links).toEqual([])
  // Nothing was mailed to the sender's own address.
  expect((await s.outbox(session.email)).filter((m) => m.subject.startsWith('Support'))).toEqual([])
})

test('the mail says when support access is on; the message is translated from Accept-Language', async () => {
  await s.api('PATCH', '/api/user', { token: session.token, body: { support_enabled: true } })
  const res = await s.api('POST', '/api/utility/mail', { token: session.token, lang: 'es', body: body({ message: 'Hola' }) })
  expect(res.status).toBe(200)
  expect(res.body.message).toBe('Gracias: tu mensaje se ha enviado. Te responderemos por correo.')
  const [mail] = await s.outbox(SUPPORT)
  expect(mail!.subject).toBe('Solicitud de soporte de Ada Reader')
  expect(mail!.text).toContain('activado')
})

test('the message is required: 400 naming the field with the spec message', async () => {
  for (const message of ['', '   ', undefined]) {
    const res = await s.api('POST', '/api/utility/mail', { token: session.token, body: body({ message }) })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ inputError: 'message', message: 'Please enter a message' })
  }
  const es = await s.api('POST', '/api/utility/mail', { token: session.token, lang: 'es', body: body({ message: '' }) })
  expect(es.body.message).toBe('Escribe un mensaje')
  const long = await s.api('POST', '/api/utility/mail', { token: session.token, body: body({ message: 'a'.repeat(5001) }) })
  expect(long.status).toBe(400)
  expect(long.body.inputError).toBe('message')
})

test('other templates, a bad email and a missing name are 400', async () => {
  const tpl = await s.api('POST', '/api/utility/mail', { token: session.token, body: body({ template: 'invite' }) })
  expect(tpl).toMatchObject({ status: 400, body: { inputError: 'template' } })
  const email = await s.api('POST', '/api/utility/mail', { token: session.token, body: body({ email: 'nope' }) })
  expect(email).toMatchObject({ status: 400, body: { inputError: 'email' } })
  const name = await s.api('POST', '/api/utility/mail', { token: session.token, body: body({ name: '' }) })
  expect(name).toMatchObject({ status: 400, body: { inputError: 'name' } })
})

test('without a session it is 401 and nothing is sent', async () => {
  const before = (await s.outbox(SUPPORT)).length
  const res = await s.api('POST', '/api/utility/mail', { body: body() })
  expect(res.status).toBe(401)
  expect((await s.outbox(SUPPORT)).length).toBe(before)
})

test('per-user mail limit: the sixth message in the window is 429 with Retry-After', async () => {
  const other = await s.signUp()
  const statuses: number[] = []
  for (let i = 0; i < 6; i++) {
    const res = await s.api('POST', '/api/utility/mail', { token: other.token, body: body({ email: other.email, message: `m${i}` }) })
    statuses.push(res.status)
    if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
})

// Starts a second server (a fresh database and migrations): more than the default 30 s when shared.
test('per-IP limit like the other mail calls (AUTH_IP_LIMIT)', { timeout: 120_000 }, async () => {
  const limited = await startTestServer({ SUPPORT_EMAIL: SUPPORT, AUTH_IP_LIMIT: '2' })
  try {
    // Sign-up and verification spend the same IP's auth/mail buckets: use a fresh user's token.
    const u = await limited.signUp()
    const send = () => limited.api('POST', '/api/utility/mail', { token: u.token, body: { ...body(), email: u.email } })
    const results = [(await send()).status, (await send()).status, (await send()).status]
    expect(results).toEqual([200, 200, 429])
  } finally {
    await limited.close()
  }
})

test('SUPPORT_EMAIL defaults to support@tbr.local and must be an address', () => {
  expect(s.deps.config.SUPPORT_EMAIL).toBe(SUPPORT)
  expect(loadConfig({}).SUPPORT_EMAIL).toBe('support@tbr.local')
  expect(() => loadConfig({ SUPPORT_EMAIL: 'nope' })).toThrow(/SUPPORT_EMAIL/)
})
