import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer, tokenOf, type TestServer } from './harness'
import { codeAt, pendingToken, userWith2fa } from './two-factor-kit'

// The new_signin notice (decision 32) names the method (password, magic link, a second
// factor after either), is sent in the background so a slow mail server never slows sign-in,
// and a support session is recorded but never mailed (impersonation.test.ts).

const SUBJECT = 'New sign-in to your TBR account'
const SLOW = { timeout: 180_000 }

describe('the method in the notice', SLOW, () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer()
  })
  afterAll(() => s.close())

  const lastNotice = async (email: string) => {
    await s.settled()
    return (await s.outbox(email)).find((m) => m.subject === SUBJECT)!
  }

  test('password, magic link, then a second factor after each; in the user’s language', async () => {
    const plain = await s.signUp()
    expect((await s.api('POST', '/api/auth', { body: { email: plain.email, password: plain.password } })).status).toBe(200)
    expect((await lastNotice(plain.email)).text).toContain('Method: password\n')
    await s.api('POST', '/api/auth/magic', { body: { email: plain.email } })
    const magic = (await s.outbox(plain.email)).find((m) => m.subject === 'Your sign-in link')!
    expect((await s.api('POST', '/api/auth/magic/verify', { body: { token: tokenOf(magic.links[0]!) } })).status).toBe(200)
    expect((await lastNotice(plain.email)).text).toContain('Method: magic link\n')

    const u = await userWith2fa(s)
    const jwt = await pendingToken(s, u.email, u.password)
    await s.settled()
    // The password alone is not a sign-in yet: no notice until the code.
    expect((await s.outbox(u.email)).filter((m) => m.subject === SUBJECT)).toEqual([])
    expect((await s.api('POST', '/api/auth/otp', { body: { code: codeAt(u.secret), jwt } })).status).toBe(200)
    expect((await lastNotice(u.email)).text).toContain('Method: password, then a two-factor code\n')

    await s.api('PATCH', '/api/user', { token: u.token, body: { locale: 'es' } })
    await s.api('POST', '/api/auth/magic', { body: { email: u.email } })
    const link = (await s.outbox(u.email)).find((m) => m.subject === 'Tu enlace para entrar')!
    const viaLink = await s.api('POST', '/api/auth/magic/verify', { body: { token: tokenOf(link.links[0]!) } })
    const res = await s.api('POST', '/api/auth/otp', { body: { code: u.backupCode, jwt: viaLink.body.data.token } })
    expect(res.status).toBe(200)
    await s.settled()
    const es = (await s.outbox(u.email)).find((m) => m.subject === 'Nuevo inicio de sesión en tu cuenta TBR')!
    expect(es.text).toContain('Método: enlace mágico y después el código de respaldo\n')
  })
})

describe('a slow mail server', SLOW, () => {
  // An SMTP server that takes each mail's data and answers only when the test lets it: as slow
  // as we like, with no sleeps.
  let smtp: SMTPServer
  let s: TestServer
  const held: (() => void)[] = []
  const received: string[] = []
  let heldOne: (() => void) | null = null
  const aMailIsHeld = new Promise<void>((resolve) => (heldOne = resolve))

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          held.push(() => {
            received.push(Buffer.concat(chunks).toString('latin1'))
            callback()
          })
          heldOne?.()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    s = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` })
  })
  afterAll(async () => {
    for (const release of held.splice(0)) release()
    await s.close()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  test('sign-in answers while the notice is still on its way; the notice arrives when the server answers', async () => {
    const email = 'slow@example.com'
    const password = 'correct horse!'
    // Sign-up's verification mail is sent in the request (it carries the link): let it through.
    const up = s.api('POST', '/api/account', { body: { name: 'Sol', email, password } })
    await aMailIsHeld
    held.shift()!()
    expect((await up).status).toBe(200)
    expect(received).toHaveLength(1)

    const res = await s.api('POST', '/api/auth', { body: { email, password } })
    // Answered, and the notice has not been delivered: the server still holds it (or has not got it).
    expect(res.status).toBe(200)
    expect(res.body.data.token).toBeTruthy()
    expect(received).toHaveLength(1)
    const pending = s.settled()
    await new Promise<void>((resolve) => {
      const release = () => (held.length ? (held.shift()!(), resolve()) : setImmediate(release))
      release()
    })
    await pending
    expect(received).toHaveLength(2)
    expect(received[1]).toContain(SUBJECT)
    expect(received[1]).toContain('Method: password')
  })
})
