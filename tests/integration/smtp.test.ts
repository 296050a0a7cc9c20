import { afterAll, beforeAll, expect, test } from 'vitest'
import { newOwner } from './billing-kit'
import { startTestServer, tokenOf, type TestServer } from './harness'
import { startSmtpInbox, type SmtpInbox } from './smtp-kit'

// With SMTP_URL, mail is sent over SMTP (nodemailer) and the dev outbox is 404.
// A local SMTP server on a free loopback port receives the mails.

let smtp: SmtpInbox
let s: TestServer

beforeAll(async () => {
  smtp = await startSmtpInbox()
  s = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'TBR Test <mailer@tbr.test>' })
})
afterAll(async () => {
  await s.close()
  await smtp.close()
})

const mailsTo = (address: string) => smtp.mailsTo(address)

test('sign-up sends the verification mail over SMTP, and its link verifies the address', async () => {
  const res = await s.api('POST', '/api/account', { body: { name: 'Sam Smtp', email: 'sam@example.com', password: 'smtp pass!' } })
  expect(res.status).toBe(200)
  const [mail, ...more] = mailsTo('sam@example.com')
  expect(more).toHaveLength(0)
  expect(mail!.headers.get('subject')).toBe('Verify your email address')
  expect(mail!.headers.get('from')).toBe('TBR Test <mailer@tbr.test>')
  expect(mail!.headers.get('to')).toBe('sam@example.com')
  const link = mail!.text.match(/https?:\/\/\S+/)![0]
  expect(link).toMatch(/^http:\/\/localhost:3000\/signup\/verify\?token=[\w-]{20,}$/)
  expect(mail!.text).toContain('Hi Sam Smtp')
  expect(mail!.html).toContain(`href="${link}"`)

  const verified = await s.api('POST', '/api/user/verify', { body: { token: tokenOf(link) }, token: res.body.data.token })
  expect(verified.status).toBe(200)
  expect(verified.body.data.verified).toBe(true)
})

test('the dev outbox is 404 while SMTP is in use', async () => {
  for (const path of ['/api/dev/outbox?to=sam@example.com', '/api/dev/outbox']) {
    const res = await s.api('GET', path)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Not found' })
  }
})

test('mails go out in the language of the user, non-ASCII subjects intact', async () => {
  const res = await s.api('POST', '/api/account', { lang: 'es', body: { name: 'Íñigo', email: 'inigo@example.com', password: 'clave segura!' } })
  expect(res.status).toBe(200)
  expect((await s.api('POST', '/api/auth/password/reset/request', { body: { email: 'inigo@example.com' } })).status).toBe(200)
  // The reset link is mailed after the answer (decisions: enumeration).
  await s.settled()
  const mails = mailsTo('inigo@example.com')
  expect(mails.map((m) => m.headers.get('subject'))).toEqual(['Verifica tu correo electrónico', 'Restablece tu contraseña'])
  expect(mails[1]!.text).toContain('Hola Íñigo')
  expect(mails[1]!.text).toMatch(/http:\/\/localhost:3000\/resetpassword\?token=[\w-]+/)
})

test('an invite mail names the account being joined, not only the person who sent it', async () => {
  // The account is named after its owner at sign-up; renamed, the mail must say which account.
  const owner = await newOwner(s, { plan: 'club', name: 'Maya Reader' })
  await s.api('PATCH', '/api/user', { token: owner.token, body: { account_name: 'Riverside Readers' } })
  const res = await s.api('POST', '/api/invite', { token: owner.token, body: { email: 'joiner@example.com', permission: 'user' } })
  expect(res.status).toBe(200)
  const [mail] = mailsTo('joiner@example.com')
  expect(mail!.headers.get('subject')).toBe('You have been invited to Riverside Readers')
  expect(mail!.text).toContain('Maya Reader invited you to join the account “Riverside Readers” on TBR')
  expect(mail!.html).toContain('the account “Riverside Readers”')
  expect(mail!.text).toMatch(/http:\/\/localhost:3000\/signup\/user\?invite_id=[\w-]+&token=[\w-]+/)
})

test('when the SMTP server is down, sign-up still succeeds; an explicit resend says the mail could not be sent', async () => {
  await smtp.close()
  const res = await s.api('POST', '/api/account', { body: { name: 'Down', email: 'down@example.com', password: 'down pass!' } })
  expect(res.status).toBe(200)
  expect(res.body.data.verified).toBe(false)
  // No half-made duplicate: signing in works, and the user has exactly one account.
  const signIn = await s.api('POST', '/api/auth', { body: { email: 'down@example.com', password: 'down pass!' } })
  expect(signIn.status).toBe(200)
  expect(signIn.body.data.accounts).toHaveLength(1)

  const resend = await s.api('POST', '/api/user/verify/request', { token: res.body.data.token })
  expect(resend.status).toBe(503)
  expect(resend.body).toEqual({ message: 'The email could not be sent. Please try again later.' })

  // Magic-link and reset requests answer as always: the answer must not tell which emails exist.
  for (const path of ['/api/auth/magic', '/api/auth/password/reset/request']) {
    const known = await s.api('POST', path, { body: { email: 'down@example.com' } })
    const unknown = await s.api('POST', path, { body: { email: 'nobody@example.com' } })
    expect(known.status).toBe(200)
    expect(known.body).toEqual(unknown.body)
  }
})
