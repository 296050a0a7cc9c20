import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer, sql, type TestServer } from './harness'

// The Danger Zone: closing records closed_account, only owners delete the whole account, others
// only themselves; closing revokes sessions. Anything irreversible needs the account name typed
// exactly, or the password.

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

/** Adds `userId` to `accountId` with `role` and answers a session token in that account. */
/** Adds the person to `accountId` and answers a session there from a second sign-in (a switch
 * ends the session it is made from; the person's own token stays live). */
async function join(accountId: string, member: { email: string; password: string; user: { id: string } }, role: string) {
  await s.query(sql`insert into memberships (user_id, account_id, role) values (${member.user.id}, ${accountId}, ${role})`)
  const second = await s.api('POST', '/api/auth', { body: { email: member.email, password: member.password } })
  expect(second.status).toBe(200)
  const res = await s.api('POST', '/api/auth/switch', { token: second.body.data.token, body: { account: accountId } })
  expect(res.status).toBe(200)
  return res.body.data.token as string
}

const events = (accountId: string) =>
  s.query<{ name: string; metadata: { scope: string } }>(sql`select name, metadata from events where account_id = ${accountId}`)

test('an owner closes the account: closed_at set, slug freed, every session of it revoked, event recorded', async () => {
  const owner = await s.signUp({ name: 'Owner' })
  const accountId = owner.user.account_id as string
  await s.api('PATCH', '/api/url', { token: owner.token, body: { slug: 'closing-shelf' } })
  const member = await s.signUp({ name: 'Member' })
  const memberToken = await join(accountId, member, 'user')
  const second = (await s.api('POST', '/api/auth', { body: { email: owner.email, password: owner.password } })).body.data.token

  const res = await s.api('DELETE', '/api/account', { token: owner.token, body: { confirm: 'Owner' } })
  expect(res.status).toBe(200)
  expect(res.body.message).toBe('Your account has been closed')

  const [row] = await s.query<{ closed_at: Date | null; slug: string | null }>(sql`select closed_at, slug from accounts where id = ${accountId}`)
  expect(row!.closed_at).not.toBeNull()
  expect(row!.slug).toBeNull()
  for (const token of [owner.token, second, memberToken]) {
    expect((await s.api('GET', '/api/user', { token })).status).toBe(401)
  }
  expect((await s.api('GET', '/api/public/closing-shelf')).status).toBe(404)
  expect(await events(accountId)).toContainEqual(expect.objectContaining({ name: 'closed_account', metadata: expect.objectContaining({ scope: 'account' }) }))
  // The member keeps their own account and can still sign in there.
  const again = await s.api('POST', '/api/auth', { body: { email: member.email, password: member.password } })
  expect(again.status).toBe(200)
  expect(again.body.data.account_id).toBe(member.user.account_id)
  expect(again.body.data.accounts.map((a: { id: string }) => a.id)).not.toContain(accountId)
})

test('an owner left with no account is deleted: the address can sign up afresh', async () => {
  const owner = await s.signUp({ name: 'Solo' })
  expect((await s.api('DELETE', '/api/account', { token: owner.token, body: { password: owner.password } })).status).toBe(200)
  const [gone] = await s.query(sql`select id from users where id = ${owner.user.id}`)
  expect(gone).toBeUndefined()
  const signIn = await s.api('POST', '/api/auth', { body: { email: owner.email, password: owner.password } })
  expect(signIn.status).toBe(401)
  const fresh = await s.api('POST', '/api/account', { body: { name: 'Solo', email: owner.email, password: owner.password } })
  expect(fresh.status).toBe(200)
  expect(fresh.body.data.duplicate_user).toBe(false)
})

test('an owner who also belongs to another account keeps it', async () => {
  const other = await s.signUp({ name: 'Other' })
  const owner = await s.signUp({ name: 'Two hats' })
  await join(other.user.account_id, owner, 'admin')
  expect((await s.api('DELETE', '/api/account', { token: owner.token, body: { confirm: 'Two hats' } })).status).toBe(200)
  const signIn = await s.api('POST', '/api/auth', { body: { email: owner.email, password: owner.password } })
  expect(signIn.status).toBe(200)
  expect(signIn.body.data.account_id).toBe(other.user.account_id)
})

test('a member without the owner flag leaves instead: membership removed, only their sessions there revoked', async () => {
  const owner = await s.signUp({ name: 'Keeper' })
  const accountId = owner.user.account_id as string
  const member = await s.signUp({ name: 'Leaver' })
  const memberToken = await join(accountId, member, 'admin')

  const res = await s.api('DELETE', '/api/account', { token: memberToken })
  expect(res.status).toBe(200)
  expect(res.body.message).toBe('You have left the account')
  expect((await s.api('GET', '/api/user', { token: memberToken })).status).toBe(401)
  // The account and its owner are untouched; the member's own account still works.
  expect((await s.api('GET', '/api/user', { token: owner.token })).status).toBe(200)
  const [row] = await s.query<{ closed_at: Date | null }>(sql`select closed_at from accounts where id = ${accountId}`)
  expect(row!.closed_at).toBeNull()
  expect((await s.api('GET', '/api/user', { token: member.token })).status).toBe(200)
  const members = await s.query(sql`select user_id from memberships where account_id = ${accountId} and user_id = ${member.user.id}`)
  expect(members).toEqual([])
  expect(await events(accountId)).toContainEqual(expect.objectContaining({ name: 'closed_account', metadata: expect.objectContaining({ scope: 'membership' }) }))
})

test('DELETE /api/user: a member leaves; an owner is told to close the account instead (403, nothing changes)', async () => {
  const owner = await s.signUp({ name: 'Boss' })
  const member = await s.signUp({ name: 'Dev' })
  const memberToken = await join(owner.user.account_id, member, 'developer')
  const refused = await s.api('DELETE', '/api/user', { token: owner.token })
  expect(refused.status).toBe(403)
  expect(refused.body.message).toBe('As the owner, close the account instead of leaving it')
  expect((await s.api('GET', '/api/user', { token: owner.token })).status).toBe(200)
  const left = await s.api('DELETE', '/api/user', { token: memberToken, lang: 'es' })
  expect(left.status).toBe(200)
  expect(left.body.message).toBe('Has salido de la cuenta')
  expect((await s.api('GET', '/api/user', { token: memberToken })).status).toBe(401)
})

test('without a session both calls are 401', async () => {
  expect((await s.api('DELETE', '/api/account')).status).toBe(401)
  expect((await s.api('DELETE', '/api/user', { token: 'nope' })).status).toBe(401)
})

test('a member whose every account was closed cannot sign in, and gets the plain sign-in refusal', async () => {
  const owner = await s.signUp({ name: 'Closing Owner' })
  const member = await s.signUp({ name: 'Left Behind' })
  const memberUser = (await s.api('GET', '/api/user', { token: member.token })).body.data
  const ownerUser = (await s.api('GET', '/api/user', { token: owner.token })).body.data
  // Put the member into the owner's account, then close both of the member's accounts.
  await s.query(sql`insert into memberships (user_id, account_id, role) values (${memberUser.id}, ${ownerUser.account_id}, 'user')`)
  await s.query(sql`update accounts set closed_at = now() where id in (${ownerUser.account_id}, ${memberUser.account_id})`)
  const res = await s.api('POST', '/api/auth', { body: { email: member.email, password: member.password } })
  expect(res.status).toBe(401)
  expect(res.body.message).toBe('Invalid email or password')
})

describe('proof before anything irreversible', () => {
  const close = (token: string, body?: unknown, lang?: string) => s.api('DELETE', '/api/account', { token, body, lang })
  const isOpen = async (accountId: string) =>
    (await s.query<{ closed_at: Date | null }>(sql`select closed_at from accounts where id = ${accountId}`))[0]!.closed_at === null

  test('no proof, a wrong or differently written name, or a wrong password: 400 on its field, nothing closes', async () => {
    const owner = await s.signUp({ name: 'Shelf Keeper' })
    const cases: [unknown, string, string][] = [
      [undefined, 'confirm', 'Type the account name to confirm'],
      [{}, 'confirm', 'Type the account name to confirm'],
      [{ confirm: 'Other Shelf' }, 'confirm', 'That is not the name of this account. Type it exactly as shown.'],
      [{ confirm: 'shelf keeper' }, 'confirm', 'That is not the name of this account. Type it exactly as shown.'],
      [{ confirm: 'Shelf Keeper ' }, 'confirm', 'That is not the name of this account. Type it exactly as shown.'],
      [{ password: 'not mine!' }, 'password', 'Your current password is not correct'],
      [{ password: '' }, 'password', 'Please enter your current password'],
      [{ confirm: 'Shelf Keeper', really: true }, 'really', 'Unknown field'],
    ]
    for (const [body, field, message] of cases) {
      const res = await close(owner.token, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body).toEqual({ message, inputError: field })
    }
    expect((await close(owner.token, {}, 'es')).body).toEqual({ message: 'Escribe el nombre de la cuenta para confirmar', inputError: 'confirm' })
    expect(await isOpen(owner.user.account_id)).toBe(true)
    expect((await s.api('GET', '/api/user', { token: owner.token })).status).toBe(200)
  })

  test('wrong passwords share the sign-in limit: past 10 failures in 15 minutes it is 429 even with the right one', async () => {
    const owner = await s.signUp({ name: 'Guessed', email: 'guessed@example.com' })
    // Nine failed sign-ins already (recorded directly: ten slow password checks are not the point).
    await s.query(sql`insert into rate_limits (key, count, reset_at) values ('signin-fail:guessed@example.com', 9, now() + interval '15 minutes')`)
    expect((await close(owner.token, { password: 'tenth guess!' })).status).toBe(400)
    const blocked = await close(owner.token, { password: owner.password })
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await s.api('POST', '/api/auth', { body: { email: owner.email, password: owner.password } })).status).toBe(429)
    expect(await isOpen(owner.user.account_id)).toBe(true)
  })

  test('leaving the last account deletes the person, so it asks for proof too; leaving with another account left does not', async () => {
    const owner = await s.signUp({ name: 'Host' })
    const guest = await s.signUp({ name: 'Guest' })
    const guestToken = await join(owner.user.account_id, guest, 'user')
    // The guest's own account is closed: the host's is the last one left.
    await s.query(sql`update accounts set closed_at = now() where id = ${guest.user.account_id}`)
    const refused = await s.api('DELETE', '/api/user', { token: guestToken })
    expect(refused.status).toBe(400)
    expect(refused.body.inputError).toBe('confirm')
    expect((await s.api('DELETE', '/api/account', { token: guestToken, body: { confirm: 'Guest' } })).body.inputError).toBe('confirm')
    expect((await s.api('GET', '/api/user', { token: guestToken })).status).toBe(200)

    const left = await s.api('DELETE', '/api/user', { token: guestToken, body: { confirm: 'Host' } })
    expect(left.status).toBe(200)
    expect(await s.query(sql`select id from users where id = ${guest.user.id}`)).toEqual([])
  })
})
