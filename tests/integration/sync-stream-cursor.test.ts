import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { newMember, newOwner } from './billing-kit'
import { startTestServer, type TestServer } from './harness'
import { liveCalls } from './live-kit'

// The live stream and a reconnecting device: the device names the cursor it has pulled to
// (Last-Event-ID, or ?cursor=) and hears at once whether changes wait for it, so a reconnect with
// nothing new costs no pull. And a member's role change reaches that member's streams, so their
// device refreshes the user (and the role) without waiting for its periodic pull.
// Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

let s: TestServer
const { stream, addBook, closeAll } = liveCalls(() => s)

beforeAll(async () => {
  s = await startTestServer()
})
afterAll(async () => {
  await closeAll()
  await s.close()
})

describe('the cursor on (re)connect', () => {
  test('a device that is up to date hears nothing after ready; the next event is the next change', async () => {
    const owner = await newOwner(s)
    const book = await addBook(owner.token, 'Known already')
    const r = await stream(owner.token, { headers: { 'Last-Event-ID': String(book.version) } })
    expect(await r.next()).toEqual({ event: 'ready', data: { cursor: String(book.version), heartbeat: 25_000 } })
    const later = await addBook(owner.token, 'Written after the stream opened')
    // Had the stream announced a waiting change, it would come first, with the older cursor.
    expect(await r.next()).toEqual({ event: 'change', data: { kind: 'books', cursor: String(later.version) } })
  })

  test('a device behind hears at once that books changed, with the cursor to pull to, and no book data', async () => {
    const owner = await newOwner(s)
    const first = await addBook(owner.token, 'Pulled before')
    const second = await addBook(owner.token, 'Secret Title While Away')
    for (const opts of [{ headers: { 'Last-Event-ID': String(first.version) } }, { query: `?cursor=${first.version}` }]) {
      const r = await stream(owner.token, opts)
      expect((await r.next()).event).toBe('ready')
      expect(await r.next()).toEqual({ event: 'change', data: { kind: 'books', cursor: String(second.version) } })
      expect(r.raw()).not.toContain('Secret Title')
    }
  })

  test('a cursor from the future (a restored device) is told to pull too', async () => {
    const owner = await newOwner(s)
    const r = await stream(owner.token, { query: '?cursor=999' })
    expect((await r.next()).data).toMatchObject({ cursor: '0' })
    expect(await r.next()).toEqual({ event: 'change', data: { kind: 'books', cursor: '0' } })
  })

  test('a malformed cursor is a 400 naming where it came from, never a 500', async () => {
    const owner = await newOwner(s)
    const header = await s.api('GET', '/api/sync/stream', { token: owner.token, headers: { 'Last-Event-ID': 'abc' } })
    expect(header.status).toBe(400)
    expect(header.body).toMatchObject({ inputError: 'Last-Event-ID', message: expect.any(String) })
    const query = await s.api('GET', '/api/sync/stream?cursor=-1', { token: owner.token })
    expect(query.status).toBe(400)
    expect(query.body).toMatchObject({ inputError: 'cursor' })
  })

  test('another account’s cursor tells nothing about it: the answer is about the caller’s account only', async () => {
    const other = await newOwner(s)
    for (let i = 0; i < 3; i++) await addBook(other.token, `Other ${i}`)
    const mine = await newOwner(s)
    const r = await stream(mine.token, { headers: { 'Last-Event-ID': '3' } })
    expect((await r.next()).data).toMatchObject({ cursor: '0' })
    expect((await r.next()).data).toEqual({ kind: 'books', cursor: '0' })
  })
})

describe('a role change', () => {
  test('is announced to that member’s streams in the account, and to no one else’s', async () => {
    const owner = await newOwner(s, { plan: 'club' })
    const member = await newMember(s, owner.accountId, 'user')
    const bystander = await newMember(s, owner.accountId, 'user')
    const theirs = await stream(member.token)
    const others = await stream(bystander.token)
    const owners = await stream(owner.token)
    for (const r of [theirs, others, owners]) await r.next('ready')

    const res = await s.api('PATCH', `/api/account/users/${member.userId}`, {
      token: owner.token,
      body: { permission: 'developer' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await theirs.next()).toEqual({ event: 'change', data: { kind: 'user' } })
    // The member's device refreshes and sees the new role.
    const me = await s.api('GET', '/api/user', { token: member.token })
    expect(JSON.stringify(me.body)).toContain('developer')

    // The others' next event is the next book change, not the role change.
    const book = await addBook(owner.token, 'After the role change')
    for (const r of [others, owners])
      expect(await r.next()).toEqual({ event: 'change', data: { kind: 'books', cursor: String(book.version) } })
  })

  test('a refused role change announces nothing', async () => {
    const owner = await newOwner(s, { plan: 'club' })
    const admin = await newMember(s, owner.accountId, 'admin')
    const peer = await newMember(s, owner.accountId, 'admin')
    const r = await stream(peer.token)
    await r.next('ready')
    const res = await s.api('PATCH', `/api/account/users/${peer.userId}`, { token: admin.token, body: { permission: 'user' } })
    expect(res.status).toBe(403)
    const book = await addBook(owner.token, 'Next')
    expect(await r.next()).toEqual({ event: 'change', data: { kind: 'books', cursor: String(book.version) } })
  })
})

test('the API reference documents both ways to name the cursor, an integer like `since`', async () => {
  const doc = (await s.api('GET', '/api/openapi.json')).body
  const params = doc.paths['/api/sync/stream'].get.parameters as { name: string; in: string; schema: { type: string } }[]
  expect(params.map((p) => [p.in, p.name]).sort()).toEqual([
    ['header', 'Last-Event-ID'],
    ['query', 'cursor'],
  ])
  for (const p of params) expect(p.schema.type).toBe('integer')
})
