import { afterAll, beforeAll, expect, test } from 'vitest'
import { makeKey, keyOwner } from './api-keys-kit'
import { newMember, newOwner, subscribe, subscription } from './billing-kit'
import { memberships } from '~/server/db/schema'
import { signIn } from '~/server/services/users'
import { startTestServer, type TestServer } from './harness'

// decisions (trust): removing a member revokes the API keys that member created in the account
// (`active: false`), and DELETE /api/user/{id} answers `data: { revoked_keys: n }`. The attack: a
// developer who is removed keeps a key they made, which acts for the account with full access.

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

const books = (key: string) => s.api('GET', '/api/books', { token: key })

test('a removed member’s keys stop working at once; other people’s keys go on', async () => {
  const owner = await keyOwner(s, 'Harbour Readers')
  const leaver = await newMember(s, owner.accountId, 'developer')
  const stayer = await newMember(s, owner.accountId, 'developer')
  const leaverKeys = [
    await makeKey(s, leaver, ['books.read', 'books.write'], 'Sync'),
    await makeKey(s, leaver, ['books.read'], 'Blog'),
  ]
  const stayerKey = await makeKey(s, stayer, ['books.read'])
  const ownerKey = await makeKey(s, owner, ['books.read'])
  for (const k of leaverKeys) expect((await books(k.full_key)).status).toBe(200)

  const removed = await s.api('DELETE', `/api/user/${leaver.userId}`, { token: owner.token })
  expect(removed.status).toBe(200)
  expect(removed.body.data).toEqual({ id: leaver.userId, revoked_keys: 2 })
  expect(removed.body.message).toBe('A developer was removed from the account and 2 API keys they created were revoked')

  for (const k of leaverKeys) {
    expect((await books(k.full_key)).status).toBe(401)
    const write = await s.api('POST', '/api/books', { token: k.full_key, body: { title: 'Planted' } })
    expect(write.status).toBe(401)
  }
  expect((await books(stayerKey.full_key)).status).toBe(200)
  expect((await books(ownerKey.full_key)).status).toBe(200)

  // The account's key list shows them revoked, and a revoked key cannot be turned back on.
  const list = await s.api('GET', '/api/key', { token: owner.token })
  const active = Object.fromEntries(list.body.data.map((k: { id: string; active: boolean }) => [k.id, k.active]))
  expect(leaverKeys.map((k) => active[k.id])).toEqual([false, false])
  expect(active[stayerKey.id]).toBe(true)
  const revive = await s.api('PATCH', `/api/key/${leaverKeys[0]!.id}`, { token: owner.token, body: { active: true } })
  expect(revive.status).toBe(400)
  expect((await books(leaverKeys[0]!.full_key)).status).toBe(401)
})

test('the answer counts only that member’s keys in this account, in the caller’s language', async () => {
  const owner = await keyOwner(s)
  const other = await keyOwner(s)
  const member = await newMember(s, owner.accountId, 'developer')
  // The same person is also a developer of another account, with a key there.
  await s.deps.db.insert(memberships).values({ userId: member.userId, accountId: other.accountId, role: 'developer' })
  const there = await signIn(s.deps, { userId: member.userId, accountId: other.accountId })
  const theirs = await makeKey(s, { ...member, token: there.token, accountId: other.accountId }, ['books.read'])
  const one = await makeKey(s, member, ['books.read'])

  const noKeys = await newMember(s, owner.accountId, 'user')
  const plain = await s.api('DELETE', `/api/user/${noKeys.userId}`, { token: owner.token, lang: 'es' })
  expect(plain.body.data).toEqual({ id: noKeys.userId, revoked_keys: 0 })
  expect(plain.body.message).toBe('A user ya no es miembro de la cuenta')

  const res = await s.api('DELETE', `/api/user/${member.userId}`, { token: owner.token, lang: 'es' })
  expect(res.body.data.revoked_keys).toBe(1)
  expect(res.body.message).toBe('A developer ya no es miembro de la cuenta y se revocó 1 clave de API que creó')
  expect((await books(one.full_key)).status).toBe(401)
  expect((await books(theirs.full_key)).status).toBe(200)
})

// Leaving is a removal the member makes themselves: the keys they made for the account must not
// outlive it either, and a per-seat plan stops counting them.
test('a member who leaves an account takes their keys with them; the seats follow', async () => {
  const owner = await newOwner(s, { name: 'Leaving Club' })
  await subscribe(s, owner, 'club')
  const leaver = await newMember(s, owner.accountId, 'developer')
  await newMember(s, owner.accountId, 'user')
  // The leaver has an account of their own, so leaving this one deletes nobody.
  const own = await keyOwner(s, 'Own Shelf')
  await s.deps.db.insert(memberships).values({ userId: leaver.userId, accountId: own.accountId, role: 'developer' })
  const key = await makeKey(s, leaver, ['books.read', 'books.write'])
  expect((await books(key.full_key)).status).toBe(200)

  const left = await s.api('DELETE', '/api/user', { token: leaver.token })
  expect(left.status, JSON.stringify(left.body)).toBe(200)
  expect((await books(key.full_key)).status).toBe(401)
  const write = await s.api('POST', '/api/books', { token: key.full_key, body: { title: 'Left behind' } })
  expect(write.status).toBe(401)
  const list = await s.api('GET', '/api/key', { token: owner.token })
  expect(list.body.data.find((k: { id: string }) => k.id === key.id)?.active).toBe(false)
  // Owner and the remaining user: two seats on the per-seat plan.
  expect((await subscription(s, owner)).object.seats).toBe(2)
})

test('a member who leaves their last account (with proof) leaves no working key behind', async () => {
  const owner = await keyOwner(s, 'Last Stop')
  const leaver = await newMember(s, owner.accountId, 'developer')
  const key = await makeKey(s, leaver, ['books.read'])
  const left = await s.api('DELETE', '/api/user', { token: leaver.token, body: { confirm: 'Last Stop' } })
  expect(left.status, JSON.stringify(left.body)).toBe(200)
  expect((await books(key.full_key)).status).toBe(401)
})
