import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql, startTestServer, type TestServer } from './harness'

// Support access (decision 59): POST /api/auth/impersonate (a failure ends on /404 on the
// client). Threats: anyone but a master opening support sessions, a person who did not consent
// (support access off), a token replayed or used late, a support session changing billing or
// security, or turning itself into an ordinary session; and every start and stop on record.

const SLOW = { timeout: 180_000 }

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

/** What `npm run master -- <email>` does (src/tools/make-master.ts; tested in make-master.test.ts). */
async function makeMaster(userId: string) {
  await s.query(sql`update users set master = true where id = ${userId}`)
}

async function master() {
  const m = await s.signUp({ name: 'Sam Support' })
  await makeMaster(m.user.id)
  return m
}

async function consenting(name: string) {
  const u = await s.signUp({ name })
  await s.api('PATCH', '/api/user', { token: u.token, body: { support_enabled: true } })
  return u
}

const startToken = (token: string, userId: string) =>
  s.api('POST', '/api/support/impersonate', { token, body: { user_id: userId } })
const exchange = (token: string) => s.api('POST', '/api/auth/impersonate', { body: { token } })

describe('the support list', SLOW, () => {
  test('a master sees the people who turned support access on, with search; nobody else sees it', async () => {
    const m = await master()
    const ada = await consenting('Ada Lovelace')
    const bob = await consenting('Bob Dylan')
    const shy = await s.signUp({ name: 'Shy Reader' })
    const list = await s.api('GET', '/api/support/users', { token: m.token })
    expect(list.status).toBe(200)
    const ids = list.body.data.map((u: { id: string }) => u.id)
    expect(ids).toEqual(expect.arrayContaining([ada.user.id, bob.user.id]))
    expect(ids).not.toContain(shy.user.id)
    expect(ids).not.toContain(m.user.id)
    const row = list.body.data.find((u: { id: string }) => u.id === ada.user.id)
    expect(row).toEqual({
      id: ada.user.id,
      name: 'Ada Lovelace',
      email: ada.email,
      accounts: [{ id: ada.user.account_id, name: 'Ada Lovelace' }],
      two_factor: false,
      last_login: expect.any(String),
    })
    expect(JSON.stringify(list.body)).not.toMatch(/password|hash|secret/i)

    const search = await s.api('GET', `/api/support/users?search=${encodeURIComponent('lovel')}`, { token: m.token })
    expect(search.body.data.map((u: { id: string }) => u.id)).toEqual([ada.user.id])
    const byEmail = await s.api('GET', `/api/support/users?search=${encodeURIComponent(bob.email.toUpperCase())}`, { token: m.token })
    expect(byEmail.body.data.map((u: { id: string }) => u.id)).toEqual([bob.user.id])
    const wildcard = await s.api('GET', '/api/support/users?search=%25', { token: m.token })
    expect(wildcard.body.data).toEqual([])

    // Not a master: 403; signed out: 401.
    expect((await s.api('GET', '/api/support/users', { token: ada.token })).status).toBe(403)
    expect((await startToken(ada.token, bob.user.id)).status).toBe(403)
    expect((await s.api('GET', '/api/support/users')).status).toBe(401)
  })
})

describe('support sessions', SLOW, () => {
  test('a token opens a session marked impersonating, once; GET /api/auth carries the banner data', async () => {
    const m = await master()
    const ada = await consenting('Ada Lovelace')
    const started = await startToken(m.token, ada.user.id)
    expect(started.status).toBe(200)
    const { token, url, expires_at } = started.body.data
    expect(url).toBe(`/signin/impersonate?token=${token}`)
    const life = new Date(expires_at).getTime() - Date.now()
    expect(life).toBeGreaterThan(4 * 60_000)
    expect(life).toBeLessThanOrEqual(5 * 60_000)
    // Stored hashed, like every one-time token.
    const stored = await s.query<{ token_hash: string }>(sql`select token_hash from one_time_tokens where kind = 'impersonate'`)
    expect(stored.map((r) => r.token_hash)).not.toContain(token)

    const res = await exchange(token)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      token: expect.any(String),
      impersonating: true,
      id: ada.user.id,
      name: 'Ada Lovelace',
      email: ada.email,
      account_id: ada.user.account_id,
    })
    const banner = await s.api('GET', '/api/auth', { token: res.body.data.token })
    expect(banner.body.data).toMatchObject({ authenticated: true, impersonating: true, name: 'Ada Lovelace', email: ada.email })
    // Ada's own session is not marked.
    expect((await s.api('GET', '/api/auth', { token: ada.token })).body.data.impersonating).toBe(false)

    // Single use.
    const reuse = await exchange(token)
    expect(reuse.status).toBe(400)
    expect(reuse.body.inputError).toBe('token')
  })

  test('support access off: no token; turned off after the token was made: the token is refused', async () => {
    const m = await master()
    const shy = await s.signUp({ name: 'Shy Reader' })
    const refused = await startToken(m.token, shy.user.id)
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ message: 'This person has not turned support access on', inputError: 'user_id' })
    expect((await startToken(m.token, 'no-such-user')).status).toBe(403)

    const ada = await consenting('Ada Lovelace')
    const { token } = (await startToken(m.token, ada.user.id)).body.data
    await s.api('PATCH', '/api/user', { token: ada.token, body: { support_enabled: false } })
    expect((await exchange(token)).status).toBe(400)
  })

  test('a token past its 5 minutes, or made by a master who signed out since, is refused', async () => {
    const m = await master()
    const ada = await consenting('Ada Lovelace')
    const late = (await startToken(m.token, ada.user.id)).body.data.token
    await s.query(sql`update one_time_tokens set expires_at = now() - interval '1 second' where kind = 'impersonate'`)
    expect((await exchange(late)).status).toBe(400)

    const orphan = (await startToken(m.token, ada.user.id)).body.data.token
    await s.api('DELETE', '/api/auth', { token: m.token })
    expect((await exchange(orphan)).status).toBe(400)
  })

  test('a support session sees only that person’s account and cannot open support sessions itself', async () => {
    const m = await master()
    const ada = await consenting('Ada Lovelace')
    await s.api('POST', '/api/books', { token: ada.token, body: { title: 'Ada’s book' } })
    await s.api('POST', '/api/books', { token: m.token, body: { title: 'Support desk manual' } })
    const session = (await exchange((await startToken(m.token, ada.user.id)).body.data.token)).body.data.token
    const books = await s.api('GET', '/api/books', { token: session })
    expect(books.body.data.map((b: { title: string }) => b.title)).toEqual(['Ada’s book'])
    expect((await s.api('GET', '/api/support/users', { token: session })).status).toBe(403)
    // Even when the person is support staff too, a support session is not (nor can staff be impersonated).
    const other = await master()
    await s.api('PATCH', '/api/user', { token: other.token, body: { support_enabled: true } })
    expect((await startToken(m.token, other.user.id)).status).toBe(403)
  })

  test('billing, security and profile changes are refused (403); books go through', async () => {
    const m = await master()
    const ada = await consenting('Ada Lovelace')
    const session = (await exchange((await startToken(m.token, ada.user.id)).body.data.token)).body.data.token
    const refusedCalls: [string, string, unknown][] = [
      ['PUT', '/api/user/password', { oldpassword: ada.password, newpassword: 'taken over!' }],
      ['PATCH', '/api/user', { email: 'support@evil.example', password: ada.password }],
      ['PUT', '/api/user/2fa', { '2fa_enabled': true }],
      ['POST', '/api/user/2fa/verify', { code: '123456' }],
      ['DELETE', '/api/account', { confirm: 'Ada Lovelace' }],
      ['DELETE', '/api/user', { confirm: 'Ada Lovelace' }],
      ['POST', '/api/account/plan', { plan: 'free' }],
      ['PATCH', '/api/account/plan', { plan: 'free' }],
      ['POST', '/api/account/upgrade', { plan: 'reader' }],
      ['PATCH', '/api/account/card', { token: 'tok_x' }],
      ['POST', '/api/key', { name: 'k', scope: ['books.read'] }],
      ['POST', '/api/auth/switch', { account: ada.user.account_id }],
      ['POST', '/api/user/verify', { token: 'x' }],
      // Only books change in a support session: not even the person's name.
      ['PATCH', '/api/user', { name: 'Ada King' }],
    ]
    for (const [method, path, body] of refusedCalls) {
      const res = await s.api(method, path, { token: session, body })
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(res.body.message).toBe('Not available in a support session: only the person can do this')
    }
    const me = await s.api('GET', '/api/user', { token: session })
    expect(me.body.data).toMatchObject({ email: ada.email, '2fa_enabled': false, plan: 'free' })
    // Ada herself still can; a support session may add a book.
    expect((await s.api('POST', '/api/books', { token: session, body: { title: 'Notes' } })).status).toBe(201)
    expect((await s.api('PUT', '/api/user/2fa', { token: ada.token, body: { '2fa_enabled': true } })).status).toBe(200)
  })

  test('stop ends it, answers the master’s own session, and both ends are events; nothing is mailed', async () => {
    const m = await master()
    const ada = await consenting('Ada Lovelace')
    const [before] = await s.query<{ last_login: Date }>(sql`select last_login from users where id = ${ada.user.id}`)
    const session = (await exchange((await startToken(m.token, ada.user.id)).body.data.token)).body.data.token
    // Not a support session: nothing to stop.
    expect((await s.api('POST', '/api/auth/impersonate/stop', { token: ada.token })).status).toBe(400)

    const stop = await s.api('POST', '/api/auth/impersonate/stop', { token: session })
    expect(stop.status).toBe(200)
    expect(stop.body.message).toBe('The support session has ended')
    expect(stop.body.data).toMatchObject({ token: expect.any(String), id: m.user.id, master: true, impersonating: false })
    expect((await s.api('GET', '/api/user', { token: session })).status).toBe(401)
    expect((await s.api('GET', '/api/support/users', { token: stop.body.data.token })).status).toBe(200)

    const events = await s.query<{ name: string; user_id: string; account_id: string; metadata: Record<string, string> }>(
      sql`select name, user_id, account_id, metadata from events where name like 'impersonation_%' and metadata->>'user_id' = ${ada.user.id} order by created_at`,
    )
    expect(events.map((e) => e.name)).toEqual(['impersonation_started', 'impersonation_stopped'])
    for (const e of events) {
      expect(e).toMatchObject({ user_id: m.user.id, account_id: ada.user.account_id })
      expect(e.metadata).toMatchObject({ master_id: m.user.id, user_id: ada.user.id })
    }
    // Recorded, never mailed as a sign-in; Ada's last login is still hers.
    await s.settled()
    expect((await s.outbox(ada.email)).map((mail) => mail.subject)).not.toContain('New sign-in to your TBR account')
    const [after] = await s.query<{ last_login: Date }>(sql`select last_login from users where id = ${ada.user.id}`)
    expect(after!.last_login).toEqual(before!.last_login)

    // Signing out of a support session ends it and is recorded the same way.
    const second = (await exchange((await startToken(stop.body.data.token, ada.user.id)).body.data.token)).body.data.token
    expect((await s.api('DELETE', '/api/auth', { token: second })).status).toBe(200)
    expect((await s.api('GET', '/api/user', { token: second })).status).toBe(401)
    const stops = await s.query<{ n: number }>(
      sql`select count(*)::int as n from events where name = 'impersonation_stopped' and metadata->>'user_id' = ${ada.user.id}`,
    )
    expect(stops[0]!.n).toBe(2)
    // With the master signed out meanwhile, the support session has already ended: stop is 401
    // (the client goes to sign-in; tests/integration/support-sessions.test.ts).
    const third = (await exchange((await startToken(stop.body.data.token, ada.user.id)).body.data.token)).body.data.token
    await s.api('DELETE', '/api/auth', { token: stop.body.data.token })
    expect((await s.api('POST', '/api/auth/impersonate/stop', { token: third })).status).toBe(401)
  })
})
