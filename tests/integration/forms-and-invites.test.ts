import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { newOwner, type Person } from './billing-kit'
import { sql, startTestServer, type TestServer } from './harness'

// decisions: forms as the spec says (confirm_password, the exact messages), invite mails that
// name the account being joined, and where someone who joined an account by invite lands.

let s: TestServer
let owner: Person
beforeAll(async () => {
  s = await startTestServer()
  owner = await newOwner(s, { plan: 'club', name: 'Maya Reader' })
  await s.api('PATCH', '/api/user', { token: owner.token, body: { account_name: 'Night Owls Book Club' } })
})
afterAll(() => s.close())

const PASSWORD = 'correct horse!'
let n = 0
const address = (who: string) => `${who}.${++n}.${Date.now().toString(36)}@example.com`
const count = async (table: 'users' | 'accounts') =>
  Number((await s.query<{ n: string }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n)

async function inviteLink(email: string, permission = 'user') {
  const res = await s.api('POST', '/api/invite', { token: owner.token, body: { email, permission } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  const [mail] = await s.outbox(email)
  const url = new URL(mail!.links[0]!)
  return { invite_id: url.searchParams.get('invite_id')!, token: url.searchParams.get('token')! }
}

describe('confirm_password', () => {
  test.each([
    ['POST /api/account', 'en', 'Passwords do not match'],
    ['POST /api/account', 'es', 'Las contraseñas no coinciden'],
    ['POST /api/user', 'en', 'Passwords do not match'],
    ['POST /api/user', 'es', 'Las contraseñas no coinciden'],
  ])(
    '%s (%s): a confirmation that differs is a 400 on confirm_password and creates nothing',
    async (call, lang, message) => {
      const email = address('mismatch')
      const body = { name: 'Nia', email, password: PASSWORD, confirm_password: 'correct horse?' }
      const users = await count('users')
      const res =
        call === 'POST /api/account'
          ? await s.api('POST', '/api/account', { lang, body })
          : await s.api('POST', '/api/user', { lang, body: { ...body, ...(await inviteLink(email)) } })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ message, inputError: 'confirm_password' })
      expect(await count('users')).toBe(users)
    },
  )

  test('a matching confirmation is accepted, and an API client may leave it out', async () => {
    const a = address('match')
    expect(
      (
        await s.api('POST', '/api/account', {
          body: { name: 'A', email: a, password: PASSWORD, confirm_password: PASSWORD },
        })
      ).status,
    ).toBe(200)
    const b = address('noconfirm')
    expect((await s.api('POST', '/api/account', { body: { name: 'B', email: b, password: PASSWORD } })).status).toBe(
      200,
    )
    const c = address('invitee')
    const res = await s.api('POST', '/api/user', {
      body: { name: 'C', email: c, password: PASSWORD, ...(await inviteLink(c)) },
    })
    expect(res.status).toBe(200)
  })
})

describe('exact messages', () => {
  test.each([
    ['en', 'Please provide a descriptive name for your key'],
    ['es', 'Ponle a tu clave un nombre descriptivo'],
  ])('an API key without a name (%s)', async (lang, message) => {
    const res = await s.api('POST', '/api/key', {
      token: owner.token,
      lang,
      body: { name: '  ', scope: ['books.read'] },
    })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ message, inputError: 'name' })
  })

  test.each([
    ['en', 'Please enter your first name'],
    ['es', 'Introduce tu nombre de pila'],
  ])('accepting an invite without a name (%s)', async (lang, message) => {
    const email = address('noname')
    const link = await inviteLink(email)
    for (const name of [undefined, '', '   ']) {
      const res = await s.api('POST', '/api/user', {
        lang,
        body: { name, email, password: PASSWORD, confirm_password: PASSWORD, ...link },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ message, inputError: 'name' })
    }
  })

  test('a bad address in a comma-separated invite list is named, and nobody is invited', async () => {
    const good = address('good')
    const res = await s.api('POST', '/api/invite', {
      token: owner.token,
      body: { email: `${good}, bob@@example, ${address('other')}`, permission: 'user' },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'bob@@example is not a valid email address', inputError: 'email' })
    const es = await s.api('POST', '/api/invite', {
      token: owner.token,
      lang: 'es',
      body: { email: `${good},nope`, permission: 'user' },
    })
    expect(es.body).toEqual({ message: 'nope no es una dirección de correo válida', inputError: 'email' })
    expect(await s.outbox(good)).toEqual([])
  })
})

describe('invite mails name the account being joined', () => {
  test.each([
    [
      'en',
      'You have been invited to Night Owls Book Club',
      'Maya Reader invited you to join the account “Night Owls Book Club” on TBR',
    ],
    [
      'es',
      'Te han invitado a Night Owls Book Club',
      'Maya Reader te invitó a unirte a la cuenta «Night Owls Book Club» en TBR',
    ],
  ])('%s', async (lang, subject, line) => {
    // The account was renamed from its owner's name above: the mail names it, not only the person.
    const email = address(`mail-${lang}`)
    await s.api('POST', '/api/invite', { token: owner.token, lang, body: { email, permission: 'user' } })
    const [mail] = await s.outbox(email)
    expect(mail!.subject).toBe(subject)
    expect(mail!.text).toContain(line)
  })
})

describe('where an invitee lands', () => {
  test('a person new to TBR is not onboarded yet (the invitee welcome comes first)', async () => {
    const email = address('newcomer')
    const res = await s.api('POST', '/api/user', {
      body: { name: 'Nell', email, password: PASSWORD, confirm_password: PASSWORD, ...(await inviteLink(email)) },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ onboarded: false, permission: 'user', account_name: 'Night Owls Book Club' })
  })

  test('an existing user who accepts skips onboarding in the joined account', async () => {
    const existing = await s.signUp({ name: 'Exi' })
    const res = await s.api('POST', '/api/invite/accept', {
      token: existing.token,
      body: await inviteLink(existing.email, 'admin'),
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ onboarded: true, permission: 'admin', account_name: 'Night Owls Book Club' })
    // Their own account keeps its own state (they had not finished its welcome either).
    const own = await s.api('POST', '/api/auth/switch', {
      token: res.body.data.token,
      body: { account: existing.user.account_id },
    })
    expect(own.body.data.onboarded).toBe(false)
  })
})

describe('a new person starts in the colour scheme their screen showed', () => {
  // The signed-out pages follow the system and write the mode they show into `tbr_theme`; the
  // signed-in app follows the saved dark_mode, so a new user saved as light would see a dark
  // screen flip to light on joining.
  test.each([
    ['POST /api/account', 'tbr_theme=dark', true],
    ['POST /api/account', 'tbr_theme=light', false],
    ['POST /api/account', undefined, false],
    ['POST /api/user', 'tbr_theme=dark', true],
    ['POST /api/user', undefined, false],
  ])('%s with the cookie %s: dark_mode %s', async (call, cookie, dark) => {
    const email = address('scheme')
    const headers = cookie ? { cookie } : undefined
    const body = { name: 'Sol', email, password: PASSWORD, confirm_password: PASSWORD }
    const res =
      call === 'POST /api/account'
        ? await s.api('POST', '/api/account', { headers, body })
        : await s.api('POST', '/api/user', { headers, body: { ...body, ...(await inviteLink(email)) } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.dark_mode).toBe(dark)
    // Saved, not only answered: the next read says the same.
    expect((await s.api('GET', '/api/user', { token: res.body.data.token })).body.data.dark_mode).toBe(dark)
  })
})
