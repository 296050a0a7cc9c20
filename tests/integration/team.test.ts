import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { clock, invoiceList, newMember, newOwner, subscribe, subscription, type Person } from './billing-kit'
import { sql, startTestServer, type TestServer } from './harness'

// Teams (decision 37): invites, accepting them (new and existing people), the
// members list, role changes, removal, and switching accounts.

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

const PASSWORD = 'correct horse!'
let n = 0
const address = (who: string) => `${who}.${++n}.${Date.now().toString(36)}@example.com`

async function invite(owner: Person, email: string, permission = 'user') {
  const res = await s.api('POST', '/api/invite', { token: owner.token, body: { email, permission } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data as { id: string; email: string; permission: string; date_sent: string }[]
}

/** The link of the newest invite mail to `email`, as { invite_id, token }. */
async function inviteLink(email: string) {
  const [mail] = await s.outbox(email)
  expect(mail?.subject).toMatch(/invited/)
  const url = new URL(mail!.links[0]!)
  expect(url.pathname).toBe('/signup/user')
  return { invite_id: url.searchParams.get('invite_id')!, token: url.searchParams.get('token')! }
}

async function acceptNew(email: string, name = 'Nia New') {
  const link = await inviteLink(email)
  return s.api('POST', '/api/user', { body: { name, email, password: PASSWORD, confirm_password: PASSWORD, ...link } })
}

const team = async (p: Person) => {
  const res = await s.api('GET', '/api/account/users', { token: p.token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data as { users: any[]; invites: any[] }
}

describe('invites', () => {
  let owner: Person
  beforeAll(async () => {
    owner = await newOwner(s, { plan: 'club', name: 'Harbour Readers' })
  })

  test('several addresses at once: each is answered and mailed a single-use link in the inviter’s language', async () => {
    const a = address('ana')
    const b = address('ben')
    const data = await invite(owner, `${a}, ${b.toUpperCase()}`, 'admin')
    expect(data.map((i) => i.email)).toEqual([a, b])
    expect(data[0]).toMatchObject({ permission: 'admin', id: expect.any(String), date_sent: expect.any(String) })
    for (const email of [a, b]) {
      const [mail] = await s.outbox(email)
      expect(mail!.text).toContain('Harbour Readers')
      expect(mail!.links[0]).toMatch(/^http:\/\/localhost:3000\/signup\/user\?invite_id=[^&]+&token=/)
    }
    const es = address('eva')
    await s.api('POST', '/api/invite', { token: owner.token, lang: 'es', body: { email: es, permission: 'user' } })
    expect((await s.outbox(es))[0]!.subject).toBe('Te han invitado a Harbour Readers')
    const listed = (await team(owner)).invites.map((i) => i.email)
    expect(listed).toEqual(expect.arrayContaining([a, b, es]))
    // No secret is ever in an answer after the mail.
    expect(JSON.stringify(await team(owner))).not.toMatch(/token/i)
  })

  test('bad input is a 400 naming the field; one bad address invites nobody', async () => {
    const ok = address('ok')
    const cases: [unknown, string][] = [
      [{ email: '', permission: 'user' }, 'email'],
      [{ email: `${ok}, not-an-address`, permission: 'user' }, 'email'],
      [{ email: ok, permission: 'owner' }, 'permission'],
      [{ email: ok, permission: 'master' }, 'permission'],
      [{ email: ok, permission: 'boss' }, 'permission'],
      [{ email: ok }, 'permission'],
    ]
    for (const [body, field] of cases) {
      const res = await s.api('POST', '/api/invite', { token: owner.token, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.inputError).toBe(field)
      expect(res.body.message).toEqual(expect.any(String))
    }
    expect(await s.outbox(ok)).toEqual([])
  })

  test('a member or an address with a pending invite is a clear 400 on email', async () => {
    const again = address('again')
    await invite(owner, again)
    const pending = await s.api('POST', '/api/invite', { token: owner.token, body: { email: again, permission: 'user' } })
    expect(pending.status).toBe(400)
    expect(pending.body).toMatchObject({ inputError: 'email', message: `${again} already has a pending invite` })
    const member = await s.api('POST', '/api/invite', { token: owner.token, body: { email: owner.email, permission: 'user' } })
    expect(member.status).toBe(400)
    expect(member.body).toMatchObject({ inputError: 'email', message: `${owner.email} is already a member of this account` })
  })

  test('an admin may give only roles below theirs; developers and users may not invite', async () => {
    const admin = await newMember(s, owner.accountId, 'admin')
    const up = await s.api('POST', '/api/invite', { token: admin.token, body: { email: address('x'), permission: 'admin' } })
    expect(up.status).toBe(400)
    expect(up.body.inputError).toBe('permission')
    expect((await s.api('POST', '/api/invite', { token: admin.token, body: { email: address('y'), permission: 'user' } })).status).toBe(200)
    for (const role of ['developer', 'user']) {
      const m = await newMember(s, owner.accountId, role)
      expect((await s.api('POST', '/api/invite', { token: m.token, body: { email: address('z'), permission: 'user' } })).status).toBe(403)
    }
  })

  test('a plan without team members answers 402 naming the plan that has them', async () => {
    const free = await newOwner(s)
    const res = await s.api('POST', '/api/invite', { token: free.token, body: { email: address('f'), permission: 'user' } })
    expect(res.status).toBe(402)
    expect(res.body.plan).toBe('club')
  })

  test('resend replaces the link; revoke ends it; either way the page says why', async () => {
    const email = address('re')
    const [sent] = await invite(owner, email)
    const first = await inviteLink(email)
    const resent = await s.api('POST', `/api/invite/${sent!.id}/resend`, { token: owner.token })
    expect(resent.status).toBe(200)
    const second = await inviteLink(email)
    expect(second.token).not.toBe(first.token)
    expect((await s.api('GET', `/api/invite/${first.invite_id}?token=${first.token}`)).body.inputError).toBe('invite_id')
    const info = await s.api('GET', `/api/invite/${second.invite_id}?token=${second.token}`)
    expect(info.body.data).toMatchObject({ email, account_name: 'Harbour Readers', existing_user: false, permission: 'user' })
    expect((await s.api('DELETE', `/api/invite/${sent!.id}`, { token: owner.token })).status).toBe(200)
    const revoked = await s.api('GET', `/api/invite/${second.invite_id}?token=${second.token}`)
    expect(revoked.status).toBe(400)
    expect(revoked.body.message).toMatch(/withdrawn/)
    expect((await acceptNew(email)).body.message).toMatch(/withdrawn/)
    expect((await s.api('DELETE', `/api/invite/${sent!.id}`, { token: owner.token })).status).toBe(404)
    expect((await team(owner)).invites.map((i) => i.id)).not.toContain(sent!.id)
  })

  test('an expired invite says so and can be sent again', async () => {
    const email = address('old')
    const [sent] = await invite(owner, email)
    await s.query(sql`update invites set expires_at = now() - interval '1 minute' where id = ${sent!.id}`)
    const res = await acceptNew(email)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ inputError: 'invite_id', message: expect.stringMatching(/expired/) })
    expect((await team(owner)).invites.find((i) => i.id === sent!.id)?.expired).toBe(true)
    await invite(owner, email)
    expect((await acceptNew(email)).status).toBe(200)
  })
})

describe('accepting', () => {
  test('a new person lands in the inviting account, verified, once; the inviter is told', async () => {
    const owner = await newOwner(s, { plan: 'club', name: 'Tide Club' })
    const email = address('new')
    await invite(owner, email, 'developer')
    const link = await inviteLink(email)
    const wrong = await s.api('POST', '/api/user', { body: { name: 'N', email: address('other'), password: PASSWORD, ...link } })
    expect(wrong.body.inputError).toBe('email')
    const weak = await s.api('POST', '/api/user', { body: { name: 'N', email, password: 'short', ...link } })
    expect(weak.body.inputError).toBe('password')
    const res = await acceptNew(email, 'Dev Eloper')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({ account_id: owner.accountId, permission: 'developer', verified: true, account_name: 'Tide Club' })
    expect(res.body.data.token).toEqual(expect.any(String))
    const again = await s.api('POST', '/api/user', { body: { name: 'N', email, password: PASSWORD, ...link } })
    expect(again.status).toBe(400)
    expect(again.body.message).toMatch(/already been used/)
    await s.settled()
    const [notice] = await s.outbox(owner.email)
    expect(notice!.subject).toBe(`Dev Eloper <${email}> joined Tide Club`)
    const members = (await team(owner)).users
    expect(members.find((u) => u.email === email)).toMatchObject({ status: 'Verified', permission: 'developer', name: 'Dev Eloper' })
    expect(members[0]).toMatchObject({ email: owner.email, permission: 'owner' })
  })

  test('the invite_accepted setting off: no notice', async () => {
    const owner = await newOwner(s, { plan: 'club' })
    expect((await s.api('PATCH', '/api/notification', { token: owner.token, body: { invite_accepted: false } })).status).toBe(200)
    const email = address('quiet')
    await invite(owner, email)
    expect((await acceptNew(email)).status).toBe(200)
    await s.settled()
    expect(await s.outbox(owner.email)).toEqual([])
  })

  test('a person with a user accepts signed in, or with email and password; the account joins their accounts', async () => {
    const owner = await newOwner(s, { plan: 'club', name: 'Second Home' })
    const existing = await s.signUp({ name: 'Exi Sting' })
    await invite(owner, existing.email, 'admin')
    const link = await inviteLink(existing.email)
    const info = await s.api('GET', `/api/invite/${link.invite_id}?token=${link.token}`)
    expect(info.body.data.existing_user).toBe(true)
    const asNew = await s.api('POST', '/api/user', { body: { name: 'X', email: existing.email, password: PASSWORD, ...link } })
    expect(asNew.body.inputError).toBe('email')
    const stranger = await s.signUp()
    const notMine = await s.api('POST', '/api/invite/accept', { token: stranger.token, body: link })
    expect(notMine.body.inputError).toBe('email')
    const res = await s.api('POST', '/api/invite/accept', { token: existing.token, body: link })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({ account_id: owner.accountId, permission: 'admin', account_name: 'Second Home' })
    expect(res.body.data.accounts.map((a: any) => a.name)).toEqual(['Exi Sting', 'Second Home'])
    // Like a switch: this device's previous token has ended.
    expect((await s.api('GET', '/api/user', { token: existing.token })).status).toBe(401)

    const other = await newOwner(s, { plan: 'club', name: 'Third Place' })
    await invite(other, existing.email)
    const byPassword = await s.api('POST', '/api/invite/accept', { body: { ...(await inviteLink(existing.email)), email: existing.email, password: 'wrong pass!' } })
    expect(byPassword.status).toBe(401)
    const ok = await s.api('POST', '/api/invite/accept', { body: { ...(await inviteLink(existing.email)), email: existing.email, password: PASSWORD } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data.accounts).toHaveLength(3)
  })
})

describe('members', () => {
  let owner: Person
  let admin: Person
  beforeAll(async () => {
    owner = await newOwner(s, { plan: 'club' })
    admin = await newMember(s, owner.accountId, 'admin')
  })

  test('the owner row is locked; nobody changes or grants a role at or above their own', async () => {
    const user = await newMember(s, owner.accountId, 'user')
    const dev = await newMember(s, owner.accountId, 'developer')
    const patch = (by: Person, id: string, permission: string) =>
      s.api('PATCH', `/api/account/users/${id}`, { token: by.token, body: { permission } })
    expect((await patch(admin, owner.userId, 'user')).status).toBe(403)
    expect((await patch(owner, owner.userId, 'admin')).status).toBe(403)
    expect((await s.api('DELETE', `/api/user/${owner.userId}`, { token: admin.token })).status).toBe(403)
    expect((await patch(admin, user.userId, 'admin')).status).toBe(403)
    expect((await patch(admin, dev.userId, 'user')).status).toBe(403)
    expect((await patch(owner, user.userId, 'owner')).status).toBe(403)
    expect((await patch(owner, user.userId, 'boss')).body.inputError).toBe('permission')
    const ok = await patch(owner, user.userId, 'developer')
    expect(ok.status).toBe(200)
    expect((await team(owner)).users.find((u) => u.id === user.userId)?.permission).toBe('developer')
    // The new role holds at once for that member's session.
    expect((await s.api('GET', '/api/account/users', { token: user.token })).status).toBe(403)
    expect((await patch(user, dev.userId, 'user')).status).toBe(403)
  })

  test('removal: their sessions in this account get 401 at once; their user and other accounts stay', async () => {
    const person = await s.signUp({ name: 'Two Homes' })
    await invite(owner, person.email)
    const joined = await s.api('POST', '/api/invite/accept', { token: person.token, body: await inviteLink(person.email) })
    const inOwner = joined.body.data.token
    expect((await s.api('DELETE', `/api/user/${person.user.id}`, { token: admin.token })).status).toBe(200)
    expect((await s.api('GET', '/api/books', { token: inOwner })).status).toBe(401)
    expect((await s.api('DELETE', `/api/user/${person.user.id}`, { token: admin.token })).status).toBe(404)
    expect((await team(owner)).users.map((u) => u.id)).not.toContain(person.user.id)
    const back = await s.api('POST', '/api/auth', { body: { email: person.email, password: PASSWORD } })
    expect(back.status).toBe(200)
    expect(back.body.data.accounts.map((a: any) => a.id)).toEqual([person.user.account_id])
  })

  test('another account’s member id is 404; the list shows only this account', async () => {
    const elsewhere = await newOwner(s, { plan: 'club' })
    const stranger = await newMember(s, elsewhere.accountId, 'user')
    expect((await s.api('PATCH', `/api/account/users/${stranger.userId}`, { token: owner.token, body: { permission: 'admin' } })).status).toBe(404)
    expect((await s.api('DELETE', `/api/user/${stranger.userId}`, { token: owner.token })).status).toBe(404)
    expect(JSON.stringify(await team(owner))).not.toContain(stranger.email)
  })

  test('GET /api/user/permissions answers the role → flags map', async () => {
    const res = await s.api('GET', '/api/user/permissions', { token: admin.token })
    expect(res.body.data.admin).toEqual({ master: false, owner: false, admin: true, developer: false, user: true })
  })
})

describe('switching', () => {
  test('the previous token of this device ends; the new session is in the other account', async () => {
    const person = await s.signUp({ name: 'Switcher' })
    const owner = await newOwner(s, { plan: 'club', name: 'Elsewhere' })
    await invite(owner, person.email)
    const joined = await s.api('POST', '/api/invite/accept', { token: person.token, body: await inviteLink(person.email) })
    const token = joined.body.data.token
    const res = await s.api('POST', '/api/auth/switch', { token, body: { account: person.user.account_id } })
    expect(res.status).toBe(200)
    expect(res.body.data.account_id).toBe(person.user.account_id)
    expect((await s.api('GET', '/api/user', { token })).status).toBe(401)
    expect((await s.api('GET', '/api/user', { token: res.body.data.token })).status).toBe(200)
  })
})

describe('seats', () => {
  test('on a per-seat plan the subscription’s seats follow members joining and leaving; the next invoice charges them', async () => {
    const owner = await newOwner(s, { name: 'Seat Counters' })
    await subscribe(s, owner, 'club')
    const seats = async () => (await subscription(s, owner)).object.seats
    expect(await seats()).toBe(1)
    const newcomer = address('nova')
    await invite(owner, newcomer)
    expect((await acceptNew(newcomer)).status).toBe(200)
    expect(await seats()).toBe(2)
    const existing = await s.signUp({ name: 'Seat Two' })
    await invite(owner, existing.email)
    expect((await s.api('POST', '/api/invite/accept', { token: existing.token, body: await inviteLink(existing.email) })).status).toBe(200)
    expect(await seats()).toBe(3)
    // An invite not yet accepted is no seat.
    await invite(owner, address('pending'))
    expect(await seats()).toBe(3)
    expect((await s.api('DELETE', `/api/user/${existing.user.id}`, { token: owner.token })).status).toBe(200)
    expect(await seats()).toBe(2)
    // No proration in local mode: the renewal charges 2 × 12.
    expect((await invoiceList(s, owner)).map((i: { total: number }) => i.total)).toEqual([12])
    await clock(s, owner, 31)
    expect((await invoiceList(s, owner))[0]).toMatchObject({ total: 24 })
  })
})
