import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql, startTestServer, tokenOf, type TestServer } from './harness'

// POST /api/account: sign-up answers like a sign-in, mails a verification link, and handles an
// email that already has a user (its correct password makes a second account; any other is
// refused like a failed sign-in).

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

const PASSWORD = 'sunny days!'
const countRows = async (table: string) =>
  Number((await s.query<{ n: string }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n)

describe('POST /api/account', () => {
  test('creates a user and an owned account without a plan, answers like a sign-in and mails a verification link', async () => {
    const res = await s.api('POST', '/api/account', {
      body: { name: 'Ada Reader', email: '  Ada@Example.COM ', password: PASSWORD, confirm_password: PASSWORD },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Your account has been created')
    const data = res.body.data
    expect(typeof data.token).toBe('string')
    expect(data).toMatchObject({
      name: 'Ada Reader',
      email: 'ada@example.com',
      avatar: null,
      slug: null,
      plan: null,
      permission: 'owner',
      has_password: true,
      '2fa_enabled': false,
      support_enabled: false,
      verified: false,
      onboarded: false,
      locale: 'en',
      dark_mode: false,
      account_name: 'Ada Reader',
      duplicate_user: false,
    })
    expect(typeof data.id).toBe('string')
    expect(data.default_account).toBe(data.account_id)
    expect(data.accounts).toEqual([{ id: data.account_id, name: 'Ada Reader', slug: null, permission: 'owner' }])
    expect(new Date(data.last_login).toISOString()).toBe(data.last_login)

    // The token is a working session.
    const me = await s.api('GET', '/api/user', { token: data.token })
    expect(me.status).toBe(200)
    expect(me.body.data.email).toBe('ada@example.com')

    const [mail, ...others] = await s.outbox('ada@example.com')
    expect(others).toHaveLength(0)
    expect(mail!.subject).toBe('Verify your email address')
    expect(mail!.links).toHaveLength(1)
    const link = new URL(mail!.links[0]!)
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/signup/verify')
    expect(mail!.text).toContain(mail!.links[0])
    expect(mail!.html).toContain('Ada Reader')

    // Stored: a scrypt hash (never the password) and only the hash of the mailed token.
    const [row] = await s.query<{ password_hash: string }>(sql`select password_hash from users where email = 'ada@example.com'`)
    expect(row!.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/)
    expect(row!.password_hash).not.toContain(PASSWORD)
    const raw = tokenOf(mail!.links[0]!)
    const tokens = await s.query(sql`select * from one_time_tokens`)
    expect(tokens.length).toBeGreaterThan(0)
    expect(JSON.stringify(tokens)).not.toContain(raw)

    // Neither the password nor its hash ever appears in an answer.
    for (const body of [res.body, me.body]) {
      const text = JSON.stringify(body)
      expect(text).not.toContain(PASSWORD)
      expect(text).not.toContain('scrypt')
      expect(text).not.toMatch(/password_?hash/i)
    }
  })

  test('takes the language of Accept-Language for its message, the saved locale and the mail', async () => {
    const res = await s.api('POST', '/api/account', {
      lang: 'es-ES,es;q=0.9,en;q=0.8',
      body: { name: 'Lola', email: 'lola@example.com', password: PASSWORD },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Tu cuenta se ha creado')
    expect(res.body.data.locale).toBe('es')
    const [mail] = await s.outbox('lola@example.com')
    expect(mail!.subject).toBe('Verifica tu correo electrónico')
    expect(mail!.text).toContain('Hola Lola')
  })

  test.each([
    ['a missing name', { email: 'x1@example.com', password: PASSWORD }, 'name', 'Please enter your name'],
    ['a blank name', { name: '   ', email: 'x1@example.com', password: PASSWORD }, 'name', 'Please enter your name'],
    ['a missing email', { name: 'X', password: PASSWORD }, 'email', 'Please enter your email address'],
    ['an invalid email', { name: 'X', email: 'not-an-email', password: PASSWORD }, 'email', 'Please enter a valid email address'],
    ['a missing password', { name: 'X', email: 'x1@example.com' }, 'password', 'Please enter a password'],
    ['a short password', { name: 'X', email: 'x1@example.com', password: 'a!b' }, 'password', 'Password must be at least 8 characters'],
    ['a password without a special character', { name: 'X', email: 'x1@example.com', password: 'abcdefgh12' }, 'password', 'Password must contain at least one special character'],
    ['a confirmation that differs', { name: 'X', email: 'x1@example.com', password: PASSWORD, confirm_password: 'other one!' }, 'confirm_password', 'Passwords do not match'],
  ])('refuses %s with 400 naming the field and creates nothing', async (_, body, field, message) => {
    const users = await countRows('users')
    const res = await s.api('POST', '/api/account', { body })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message, inputError: field })
    expect(await countRows('users')).toBe(users)
    expect(await s.outbox('x1@example.com')).toEqual([])
  })

  test('answers validation errors in Spanish for Accept-Language es', async () => {
    const res = await s.api('POST', '/api/account', { lang: 'es', body: { name: 'X', email: 'x2@example.com', password: 'abcdefgh12' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'La contraseña debe contener al menos un carácter especial', inputError: 'password' })
  })

  test('an existing email with its correct password gets a second account it owns, flagged duplicate_user', async () => {
    const first = await s.signUp({ name: 'Dee', email: 'dee@example.com', password: PASSWORD })
    const users = await countRows('users')
    const res = await s.api('POST', '/api/account', {
      body: { name: 'Dee Second', email: 'DEE@example.com', password: PASSWORD, confirm_password: PASSWORD },
    })
    expect(res.status).toBe(200)
    const data = res.body.data
    expect(data.duplicate_user).toBe(true)
    expect(data.id).toBe(first.user.id)
    expect(data.account_id).not.toBe(first.user.account_id)
    expect(data.permission).toBe('owner')
    expect(data.account_name).toBe('Dee Second')
    expect(data.plan).toBe(null)
    // Still the same, verified person: one user, two accounts.
    expect(data.verified).toBe(true)
    expect(await countRows('users')).toBe(users)
    expect(data.accounts.map((a: { id: string }) => a.id).sort()).toEqual([first.user.account_id, data.account_id].sort())

    // The session keeps the flag (the /welcome warning step reads it).
    const session = await s.api('GET', '/api/auth', { token: data.token })
    expect(session.body.data).toMatchObject({ authenticated: true, duplicate_user: true, account_id: data.account_id })
    // The first session is untouched and is not a duplicate.
    const old = await s.api('GET', '/api/user', { token: first.token })
    expect(old.body.data).toMatchObject({ account_id: first.user.account_id, duplicate_user: false })
  })

  test('an existing email with another password is refused exactly like a failed sign-in and creates nothing', async () => {
    await s.signUp({ name: 'Eve', email: 'eve@example.com', password: PASSWORD, verify: false, plan: null })
    const users = await countRows('users')
    const accounts = await countRows('accounts')
    const res = await s.api('POST', '/api/account', { body: { name: 'Eve Again', email: 'eve@example.com', password: 'not her pass!' } })
    const signIn = await s.api('POST', '/api/auth', { body: { email: 'eve@example.com', password: 'not her pass!' } })
    expect(res.status).toBe(401)
    expect(signIn.status).toBe(401)
    // decisions: enumeration. The same status and message as a failed sign-in.
    expect(res.body).toEqual({ message: 'Invalid email or password' })
    expect(signIn.body).toEqual(res.body)
    const es = await s.api('POST', '/api/account', { body: { name: 'Eva', email: 'eve@example.com', password: 'not her pass!' }, lang: 'es' })
    expect(es.status).toBe(401)
    expect(es.body).toEqual({ message: 'Correo o contraseña incorrectos' })
    expect(await countRows('users')).toBe(users)
    expect(await countRows('accounts')).toBe(accounts)
    expect(await countRows('sessions where user_id = (select id from users where email = \'eve@example.com\')')).toBe(1)
    expect((await s.outbox('eve@example.com')).length).toBe(1)
  })

  test('two sign-ups racing for one new email make one user; neither fails with 500', async () => {
    const body = { name: 'Racer', email: 'racer@example.com', password: PASSWORD }
    const results = await Promise.all([s.api('POST', '/api/account', { body }), s.api('POST', '/api/account', { body })])
    const statuses = results.map((r) => r.status)
    expect(statuses).toContain(200)
    for (const r of results) {
      if (r.status === 200) continue
      expect(r.status).toBe(400)
      expect(r.body).toEqual({ message: 'That email address is already in use', inputError: 'email' })
    }
    expect(await countRows(`users where email = 'racer@example.com'`)).toBe(1)
    // Every account made belongs to that one user.
    expect(await countRows(`accounts a where not exists (select 1 from memberships m where m.account_id = a.id)`)).toBe(0)
  })
})
