import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeKey } from './api-keys-kit'
import { newMember, newOwner, type Person } from './billing-kit'
import { startTestServer, sql, type TestServer } from './harness'
import { liveCalls, openStream } from './live-kit'
import { revokeUserSessions } from '~/server/services/sessions'
import { signIn } from '~/server/services/users'

// decisions "Live across devices": GET /api/sync/stream announces each committed change of the
// account (no book data), sends heartbeats, and ends when its caller's access ends. Runs on
// PGlite (in-process notifications) and, with TEST_DATABASE_URL, on PostgreSQL (LISTEN/NOTIFY).

let s: TestServer
const { stream, addBook, closeAll } = liveCalls(() => s)
const secondSession = async (p: Person) => (await signIn(s.deps, { userId: p.userId, accountId: p.accountId })).token

beforeAll(async () => {
  s = await startTestServer()
})
afterAll(async () => {
  await closeAll()
  await s.close()
})

describe('who may open it', () => {
  test('no token or a bad one: 401, as any call', async () => {
    expect((await s.api('GET', '/api/sync/stream')).status).toBe(401)
    expect((await s.api('GET', '/api/sync/stream', { token: 'x.y.z' })).status).toBe(401)
  })

  test('a session: an event stream, never stored, that starts with the account’s cursor', async () => {
    const owner = await newOwner(s)
    await addBook(owner.token, 'Before the stream')
    const r = await stream(owner.token)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(r.headers.get('cache-control')).toBe('no-store')
    const ready = await r.next()
    expect(ready).toEqual({ event: 'ready', data: { cursor: '1', heartbeat: 25_000 } })
  })

  test('every role of the account may hold one (a sweep over every call reads its first event)', async () => {
    const owner = await newOwner(s, { plan: 'club' })
    for (const role of ['admin', 'developer', 'user']) {
      const member = await newMember(s, owner.accountId, role)
      const res = await s.api('GET', '/api/sync/stream', { token: member.token })
      expect(res.status, role).toBe(200)
      expect(res.body, role).toContain('event: ready')
    }
  })

  test('a key needs books.read: 403 without it', async () => {
    const owner = await newOwner(s, { plan: 'club' })
    const writeOnly = await makeKey(s, owner, ['books.write'])
    expect((await s.api('GET', '/api/sync/stream', { token: writeOnly.full_key })).status).toBe(403)
  })
})

describe('announcements', () => {
  test('a write by the reader’s other session is announced with the new cursor and no book data', async () => {
    const owner = await newOwner(s)
    const r = await stream(owner.token)
    await r.next('ready')
    const book = await addBook(await secondSession(owner), 'Secret Title Of Mine')
    const change = await r.next('change')
    expect(change.data).toEqual({ kind: 'books', cursor: String(book.version) })
    await s.api('PATCH', `/api/books/${book.id}`, { token: owner.token, body: { review: 'A private review' } })
    expect((await r.next('change')).data).toEqual({ kind: 'books', cursor: String(book.version + 1) })
    expect(r.raw()).not.toContain('Secret Title')
    expect(r.raw()).not.toContain('private review')
    expect(r.raw()).not.toContain(book.id)
  })

  test('a write made with an API key, and by another member, reaches the owner’s stream', async () => {
    const owner = await newOwner(s, { plan: 'club' })
    const member = await newMember(s, owner.accountId, 'user')
    const key = await makeKey(s, owner, ['books.read', 'books.write'])
    const r = await stream(owner.token)
    await r.next('ready')
    await addBook(key.full_key, 'Added by a script')
    expect((await r.next('change')).data).toEqual({ kind: 'books', cursor: '1' })
    await addBook(member.token, 'Added by a teammate')
    expect((await r.next('change')).data).toEqual({ kind: 'books', cursor: '2' })
  })

  test('a key with books.read holds a stream too, and hears a member’s write', async () => {
    const owner = await newOwner(s, { plan: 'club' })
    const key = await makeKey(s, owner, ['books.read'])
    const r = await stream(key.full_key)
    await r.next('ready')
    await addBook(owner.token, 'Seen by the script')
    expect((await r.next('change')).data).toEqual({ kind: 'books', cursor: '1' })
  })

  test('a batch is one announcement; a refused write and a replay announce nothing', async () => {
    const owner = await newOwner(s)
    const r = await stream(owner.token)
    await r.next('ready')
    const batch = await s.api('POST', '/api/books/batch', {
      token: owner.token,
      body: {
        mutations: [
          { key: 'b1', kind: 'book.create', data: { title: 'One' } },
          { key: 'b2', kind: 'book.create', data: { title: 'Two' } },
        ],
      },
    })
    expect(batch.status).toBe(200)
    // Refused (a deleted book's id is 404) and replayed (same key, same payload): no change.
    expect((await s.api('PATCH', '/api/books/00000000-0000-4000-8000-000000000000', { token: owner.token, body: { rating: 3 } })).status).toBe(404)
    await s.api('POST', '/api/books/batch', {
      token: owner.token,
      body: { mutations: [{ key: 'b1', kind: 'book.create', data: { title: 'One' } }] },
    })
    await addBook(owner.token, 'Three')
    // The next announcement after the batch's is the third book's: nothing in between.
    expect((await r.next('change')).data).toEqual({ kind: 'books', cursor: '2' })
    expect((await r.next('change')).data).toEqual({ kind: 'books', cursor: '3' })
  })

  test('a reading goal and the person’s settings are announced too (the pull reads them)', async () => {
    const owner = await newOwner(s)
    const r = await stream(owner.token)
    await r.next('ready')
    expect((await s.api('PUT', '/api/goals/2026', { token: await secondSession(owner), body: { books: 12 } })).status).toBe(200)
    expect((await r.next('change')).data).toEqual({ kind: 'goals' })
    expect((await s.api('PATCH', '/api/user', { token: await secondSession(owner), body: { dark_mode: true } })).status).toBe(200)
    expect((await r.next('change')).data).toEqual({ kind: 'user' })
  })

  test('account A’s stream never hears account B', async () => {
    const a = await newOwner(s)
    const b = await newOwner(s)
    const ra = await stream(a.token)
    await ra.next('ready')
    // B writes first, then A: A's first announcement is A's own (they arrive in commit order).
    await addBook(b.token, 'B one')
    await addBook(b.token, 'B two')
    await s.api('PUT', '/api/goals/2026', { token: b.token, body: { books: 5 } })
    await s.api('PATCH', '/api/user', { token: b.token, body: { dark_mode: true } })
    await addBook(a.token, 'A one')
    expect(await ra.next('change')).toEqual({ event: 'change', data: { kind: 'books', cursor: '1' } })
  })
})

describe('heartbeat', () => {
  test('a heartbeat comes every SYNC_HEARTBEAT_MS (at most 30 s by default)', async () => {
    const quick = await startTestServer({ SYNC_HEARTBEAT_MS: '100' })
    try {
      const owner = await newOwner(quick)
      const r = await openStream(quick, owner.token)
      expect((await r.next('ready')).data.heartbeat).toBe(100)
      await r.next('heartbeat', 5_000)
      await r.next('heartbeat', 5_000)
      await r.close()
    } finally {
      await quick.close()
    }
  })
})

describe('the stream ends when its caller’s access ends (at once, not at the next heartbeat)', () => {
  test('sign-out ends it; the reader’s other session keeps its own', async () => {
    const owner = await newOwner(s)
    const other = await secondSession(owner)
    const r = await stream(owner.token)
    const kept = await stream(other)
    await r.next('ready')
    await kept.next('ready')
    expect((await s.api('DELETE', '/api/auth', { token: owner.token })).status).toBe(200)
    await r.ended()
    expect((await s.api('GET', '/api/sync/stream', { token: owner.token })).status).toBe(401)
    await addBook(other, 'Still live here')
    expect((await kept.next('change')).data.kind).toBe('books')
  })

  test('all of a person’s sessions ended (what a password change does)', async () => {
    const owner = await newOwner(s)
    const other = await secondSession(owner)
    const r = await stream(other)
    await r.next('ready')
    await revokeUserSessions(s.deps.db, owner.userId)
    await r.ended()
  })

  test('a removed member’s stream ends; the owner’s goes on', async () => {
    const owner = await newOwner(s, { plan: 'club' })
    const member = await newMember(s, owner.accountId, 'user')
    const rm = await stream(member.token)
    const ro = await stream(owner.token)
    await rm.next('ready')
    await ro.next('ready')
    const removed = await s.api('DELETE', `/api/user/${member.userId}`, { token: owner.token })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    await rm.ended()
    await addBook(owner.token, 'After the removal')
    expect((await ro.next('change')).data.kind).toBe('books')
  })

  test('a revoked key’s stream ends', async () => {
    const owner = await newOwner(s, { plan: 'club' })
    const key = await makeKey(s, owner, ['books.read'])
    const r = await stream(key.full_key)
    await r.next('ready')
    expect((await s.api('PATCH', `/api/key/${key.id}`, { token: owner.token, body: { active: false } })).status).toBe(200)
    await r.ended()
  })

  test('a session ended without an announcement (expired) ends at the next heartbeat', async () => {
    const quick = await startTestServer({ SYNC_HEARTBEAT_MS: '100' })
    try {
      const owner = await newOwner(quick)
      const r = await openStream(quick, owner.token)
      await r.next('ready')
      await quick.query(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${owner.userId}`)
      await r.ended()
    } finally {
      await quick.close()
    }
  })
})

describe('support sessions (as for reading the person’s books)', () => {
  async function supportSession(customer: Person) {
    await s.api('PATCH', '/api/user', { token: customer.token, body: { support_enabled: true } })
    const staff = await newOwner(s)
    await s.query(sql`update users set master = true where id = ${staff.userId}`)
    const started = await s.api('POST', '/api/support/impersonate', { token: staff.token, body: { user_id: customer.userId } })
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const res = await s.api('POST', '/api/auth/impersonate', { body: { token: started.body.data.token } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return { support: res.body.data.token as string, staff }
  }

  test('a support session hears the customer’s changes; it ends when the customer turns support access off', async () => {
    const customer = await newOwner(s)
    const { support } = await supportSession(customer)
    const r = await stream(support)
    await r.next('ready')
    await addBook(customer.token, 'While support watches')
    expect((await r.next('change')).data.kind).toBe('books')
    await s.api('PATCH', '/api/user', { token: customer.token, body: { support_enabled: false } })
    await r.ended()
  })

  test('it ends when the staff member signs out of the session it was opened from', async () => {
    const customer = await newOwner(s)
    const { support, staff } = await supportSession(customer)
    const r = await stream(support)
    await r.next('ready')
    expect((await s.api('DELETE', '/api/auth', { token: staff.token })).status).toBe(200)
    await r.ended()
  })
})
