import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql, startTestServer, tokenOf, type TestServer } from './harness'

// GET|PATCH /api/user, GET /api/user/permissions (the role → flags map) and POST /api/event.

let s: TestServer
let owner: Awaited<ReturnType<TestServer['signUp']>>
let member: Awaited<ReturnType<TestServer['signUp']>>
/** member's session in owner's account, where member has the role `user`. */
let memberToken: string

beforeAll(async () => {
  s = await startTestServer()
  owner = await s.signUp({ name: 'Olive', email: 'olive@example.com' })
  member = await s.signUp({ name: 'Milo', email: 'milo@example.com' })
  await s.query(sql`insert into memberships (user_id, account_id, role) values (${member.user.id}, ${owner.user.account_id}, 'user')`)
  const sw = await s.api('POST', '/api/auth/switch', { token: member.token, body: { account: owner.user.account_id } })
  expect(sw.status).toBe(200)
  memberToken = sw.body.data.token
})
afterAll(() => s.close())

const me = async (token: string) => (await s.api('GET', '/api/user', { token })).body.data

describe('GET /api/user', () => {
  test('answers the user fields of the session, for the account of the session', async () => {
    const res = await s.api('GET', '/api/user', { token: owner.token })
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['data'])
    expect(res.body.data).toMatchObject({
      id: owner.user.id,
      name: 'Olive',
      email: 'olive@example.com',
      permission: 'owner',
      plan: 'free',
      verified: true,
      account_name: 'Olive',
      duplicate_user: false,
    })
    for (const key of ['avatar', 'slug', 'has_password', '2fa_enabled', 'support_enabled', 'onboarded', 'locale', 'dark_mode', 'account_id', 'accounts', 'default_account', 'last_login']) {
      expect(res.body.data, key).toHaveProperty(key)
    }
    expect(res.body.data.token).toBeUndefined()

    const m = await me(memberToken)
    expect(m).toMatchObject({ id: member.user.id, permission: 'user', account_id: owner.user.account_id, account_name: 'Olive' })
    expect(m.accounts).toHaveLength(2)
  })
})

describe('PATCH /api/user', () => {
  test('saves name, avatar, dark mode, support access, onboarding and locale, and answers the updated user', async () => {
    const body = { name: 'Olive Oyl', avatar: 'https://img.example.com/o.png', dark_mode: true, support_enabled: true, onboarded: true, locale: 'es' }
    const res = await s.api('PATCH', '/api/user', { token: owner.token, body })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Your profile has been updated')
    expect(res.body.data).toMatchObject(body)
    expect(await me(owner.token)).toMatchObject(body)
    // Onboarding belongs to the membership: the member's view of this account is not onboarded.
    expect((await me(memberToken)).onboarded).toBe(false)

    const back = await s.api('PATCH', '/api/user', { token: owner.token, body: { locale: 'en', avatar: null, dark_mode: false } })
    expect(back.body.data).toMatchObject({ locale: 'en', avatar: null, dark_mode: false, name: 'Olive Oyl' })
  })

  test('the saved locale picks the language of the mails the user gets', async () => {
    const u = await s.signUp({ name: 'Lena', email: 'lena@example.com', verify: false, plan: null })
    expect((await s.api('PATCH', '/api/user', { token: u.token, body: { locale: 'es' } })).status).toBe(200)
    await s.api('POST', '/api/user/verify/request', { token: u.token })
    const [latest] = await s.outbox('lena@example.com')
    expect(latest!.subject).toBe('Verifica tu correo electrónico')
  })

  test.each([
    [{ locale: 'fr' }, 'locale', 'Language must be en or es'],
    [{ locale: 'es-MX' }, 'locale', 'Language must be en or es'],
    [{ favourite_colour: 'blue' }, 'favourite_colour', 'Unknown field'],
    [{ name: 'Ok', newpassword: 'sneaky one!' }, 'newpassword', 'Unknown field'],
    [{ dark_mode: 'yes' }, 'dark_mode', 'This value is invalid'],
    [{ name: '' }, 'name', 'Please enter your name'],
    [{ email: 'not an email' }, 'email', 'Please enter a valid email address'],
  ])('refuses %j with 400 naming the field and changes nothing', async (body, field, message) => {
    const before = await me(owner.token)
    const res = await s.api('PATCH', '/api/user', { token: owner.token, body })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message, inputError: field })
    expect(await me(owner.token)).toEqual(before)
  })

  test('answers errors in Spanish for Accept-Language es', async () => {
    const res = await s.api('PATCH', '/api/user', { token: owner.token, body: { locale: 'fr' }, lang: 'es' })
    expect(res.body).toEqual({ message: 'El idioma debe ser en o es', inputError: 'locale' })
  })

  test('an email change makes the user unverified and mails a verification link to the new address', async () => {
    const u = await s.signUp({ name: 'Eli', email: 'eli@example.com' })
    const res = await s.api('PATCH', '/api/user', { token: u.token, body: { email: 'Eli.New@Example.com', password: u.password } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ email: 'eli.new@example.com', verified: false })
    const [mail] = await s.outbox('eli.new@example.com')
    expect(mail!.subject).toBe('Verify your email address')
    expect((await s.outbox('eli@example.com')).filter((m) => m.subject === 'Verify your email address')).toHaveLength(1)
    // The session lives on; the old address no longer signs in, the new one does.
    expect((await me(u.token)).email).toBe('eli.new@example.com')
    expect((await s.api('POST', '/api/auth', { body: { email: 'eli@example.com', password: u.password } })).status).toBe(401)
    expect((await s.api('POST', '/api/auth', { body: { email: 'eli.new@example.com', password: u.password } })).status).toBe(200)
    const verified = await s.api('POST', '/api/user/verify', { body: { token: tokenOf(mail!.links[0]!) }, token: u.token })
    expect(verified.body.data).toMatchObject({ email: 'eli.new@example.com', verified: true })

    // The same address in other letter case is no change.
    const same = await s.api('PATCH', '/api/user', { token: u.token, body: { email: 'ELI.NEW@example.com' } })
    expect(same.status).toBe(200)
    expect(same.body.data).toMatchObject({ email: 'eli.new@example.com', verified: true })
    // (The sign-in above also mailed a new-sign-in notice; only verification mails count here.)
    expect((await s.outbox('eli.new@example.com')).filter((m) => m.subject === 'Verify your email address')).toHaveLength(1)
  })

  test("another user's email is refused with 400 naming the field", async () => {
    const res = await s.api('PATCH', '/api/user', { token: owner.token, body: { email: 'MILO@example.com', password: owner.password, name: 'Not Saved' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'That email address is already in use', inputError: 'email' })
    expect(await me(owner.token)).toMatchObject({ email: 'olive@example.com', verified: true })
    expect((await me(owner.token)).name).not.toBe('Not Saved')
  })

  test('two users racing for one new address: one gets it, the other a 400 naming the field', async () => {
    const [a, b] = await Promise.all([s.signUp({ email: 'race.a@example.com' }), s.signUp({ email: 'race.b@example.com' })])
    const results = await Promise.all(
      [a, b].map((u) => s.api('PATCH', '/api/user', { token: u!.token, body: { email: 'race.won@example.com', password: u!.password } })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 400])
    const lost = results.find((r) => r.status === 400)!
    expect(lost.body).toEqual({ message: 'That email address is already in use', inputError: 'email' })
  })

  test('the owner can rename the account; another member gets 403 and nothing changes', async () => {
    const res = await s.api('PATCH', '/api/user', { token: owner.token, body: { account_name: 'Olive Books' } })
    expect(res.status).toBe(200)
    expect(res.body.data.account_name).toBe('Olive Books')
    expect(res.body.data.accounts).toEqual([expect.objectContaining({ id: owner.user.account_id, name: 'Olive Books' })])

    const denied = await s.api('PATCH', '/api/user', { token: memberToken, body: { account_name: 'Hijacked', name: 'Milo Changed' } })
    expect(denied.status).toBe(403)
    expect(denied.body).toEqual({ message: 'Only the account owner can change the account name', inputError: 'account_name' })
    const m = await me(memberToken)
    expect(m.account_name).toBe('Olive Books')
    expect(m.name).toBe('Milo')
  })

  test('default_account must be one of the user’s accounts', async () => {
    const ok = await s.api('PATCH', '/api/user', { token: memberToken, body: { default_account: owner.user.account_id } })
    expect(ok.status).toBe(200)
    expect(ok.body.data.default_account).toBe(owner.user.account_id)
    // The next sign-in opens the default account.
    const signIn = await s.api('POST', '/api/auth', { body: { email: 'milo@example.com', password: member.password } })
    expect(signIn.body.data.account_id).toBe(owner.user.account_id)

    const bad = await s.api('PATCH', '/api/user', { token: memberToken, body: { default_account: 'someone-elses' } })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ message: 'You are not a member of that account', inputError: 'default_account' })
    await s.api('PATCH', '/api/user', { token: memberToken, body: { default_account: member.user.account_id } })
  })

  test('an empty patch changes nothing and answers the user', async () => {
    const before = await me(owner.token)
    const res = await s.api('PATCH', '/api/user', { token: owner.token, body: {} })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual(before)
  })
})

describe('GET /api/user/permissions', () => {
  test('answers the role → flags map, for any role', async () => {
    const expected = {
      master: { master: true, owner: true, admin: true, developer: false, user: true },
      owner: { master: false, owner: true, admin: true, developer: true, user: true },
      admin: { master: false, owner: false, admin: true, developer: false, user: true },
      developer: { master: false, owner: false, admin: false, developer: true, user: true },
      user: { master: false, owner: false, admin: false, developer: false, user: true },
    }
    for (const token of [owner.token, memberToken]) {
      const res = await s.api('GET', '/api/user/permissions', { token })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ data: expected })
    }
  })
})

describe('POST /api/event', () => {
  test('records a usage event for the user and account of the session', async () => {
    const res = await s.api('POST', '/api/event', { token: memberToken, body: { name: 'signin', metadata: { device: 'phone', n: 2 } } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Event recorded' })
    const rows = await s.query<{ name: string; metadata: unknown; user_id: string; account_id: string }>(
      sql`select name, metadata, user_id, account_id from events where user_id = ${member.user.id}`,
    )
    expect(rows).toEqual([{ name: 'signin', metadata: { device: 'phone', n: 2 }, user_id: member.user.id, account_id: owner.user.account_id }])
    expect((await s.api('POST', '/api/event', { token: owner.token, body: { name: 'closed_account' } })).status).toBe(200)
  })

  test.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 'has spaces' }, 'name'],
    [{ name: 'x'.repeat(65) }, 'name'],
    [{ name: 'ok', metadata: 'text' }, 'metadata'],
  ])('refuses %j with 400 naming the field', async (body, field) => {
    const res = await s.api('POST', '/api/event', { token: owner.token, body })
    expect(res.status).toBe(400)
    expect(res.body.inputError).toBe(field)
    expect(typeof res.body.message).toBe('string')
  })
})
