import { IDBFactory } from 'fake-indexeddb'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getMeta, META, pendingChangeCount, readUser, saveUser } from '~/client/db'
import { awaitingFirstPull, pull } from '~/client/sync/pull'
import { listBooks } from '~/client/sync/queries'
import { MutationInputError } from '~/client/sync/mutations'
import { querySyncStatus } from '~/client/sync/status'
import { backoffDelay, realTimers, type Timers } from '~/client/sync/transport'
import { holdDatabase, untilTurnsTaken } from './busy'
import { startTestServer, type TestServer } from './harness'
import { clientBooks, FakeLocks, openClient, serverBooks } from './sync-kit'

// The sync engine against the real in-process server.

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

const counter = async (token: string) => (await s.api('GET', '/api/books?since=0', { token })).body.cursor

describe('writes', () => {
  test('an offline add is stored with its outbox entry and reaches the server when online', async () => {
    const me = await s.signUp()
    const c = await openClient(s, me, { net: { offline: true } })
    const book = await c.addBook({ title: 'Offline Dune', rating: 4 })
    expect(book).toMatchObject({ title: 'Offline Dune', rating: 4, status: 'not_started', sync: 'pending' })
    expect(await c.db.outbox.count()).toBe(1)
    await c.engine.sync()
    expect(await c.db.outbox.count()).toBe(1)
    expect((await querySyncStatus(c.db, true)).state).toBe('offline')
    c.net.offline = false
    await c.engine.sync()
    expect(await c.db.outbox.count()).toBe(0)
    const server = await serverBooks(s, me.token)
    expect(server.get(book.id)).toMatchObject({ title: 'Offline Dune', rating: 4 })
    expect(await clientBooks(c, me.user.account_id)).toEqual(server)
    expect((await c.db.books.get(book.id))!.sync).toBe('synced')
    const status = await querySyncStatus(c.db, true)
    expect(status).toMatchObject({ state: 'idle', pending: 0, online: true, error: null })
    expect(status.lastSyncedAt).toBeTruthy()
  })

  test('bad input is refused before anything is stored', async () => {
    const me = await s.signUp()
    const c = await openClient(s, me)
    await expect(c.addBook({ title: ' ' })).rejects.toBeInstanceOf(MutationInputError)
    await expect(c.updateBook('x', { rating: 9 })).rejects.toMatchObject({ field: 'rating' })
    expect(await c.db.outbox.count()).toBe(0)
    expect(await c.db.books.count()).toBe(0)
  })

  test('a link add derives title and ISBN locally, the same way the server does', async () => {
    const me = await s.signUp()
    const c = await openClient(s, me)
    const b = await c.addBook({ link: 'https://www.amazon.com/Project-Hail-Mary-Andy-Weir/dp/0593135202/' })
    expect(b).toMatchObject({ title: 'Project Hail Mary Andy Weir', isbn: '0593135202', asin: '0593135202' })
    await c.engine.sync()
    const { sync: _s, ...local } = (await c.db.books.get(b.id))!
    expect((await serverBooks(s, me.token)).get(b.id)).toEqual(local)
  })

  test('a dropped answer is retried under the same key and applied once', async () => {
    const me = await s.signUp()
    const c = await openClient(s, me, { net: { dropAnswer: 1 } })
    await c.addBook({ title: 'Once only' })
    await c.engine.sync()
    expect(c.net.dropped).toBeGreaterThanOrEqual(1)
    expect(await c.db.outbox.count()).toBe(1)
    expect((await serverBooks(s, me.token)).size).toBe(1) // the server applied it
    c.net.dropAnswer = 0
    await c.engine.sync()
    expect(await c.db.outbox.count()).toBe(0)
    expect((await serverBooks(s, me.token)).size).toBe(1)
    expect(await counter(me.token)).toBe('1')
  })

  test.each([1, 50])('edits and deletes queued offline flush in order (batch size %i)', async (batchSize) => {
    const me = await s.signUp()
    const c = await openClient(s, me, { net: { offline: true }, engine: { batchSize } })
    const a = await c.addBook({ title: 'A' })
    const b = await c.addBook({ title: 'B' })
    await c.updateBook(a.id, { rating: 2, started_at: '2024-03-01' })
    await c.updateBook(a.id, { rating: 5 })
    await c.deleteBook(b.id)
    expect((await c.db.books.get(a.id))!).toMatchObject({ rating: 5, status: 'reading' })
    c.net.offline = false
    await c.engine.sync()
    const server = await serverBooks(s, me.token)
    expect([...server.keys()]).toEqual([a.id])
    expect(server.get(a.id)).toMatchObject({ rating: 5, started_at: '2024-03-01', status: 'reading' })
    expect(await clientBooks(c, me.user.account_id)).toEqual(server)
    expect(await counter(me.token)).toBe('5')
  })
})

describe('two devices', () => {
  test('different fields both survive; same field: the later arrival wins', async () => {
    const me = await s.signUp()
    const phone = await openClient(s, me)
    const laptop = await openClient(s, me)
    const b = await phone.addBook({ title: 'Shared' })
    await phone.engine.sync()
    await laptop.engine.sync()
    await phone.updateBook(b.id, { rating: 3, review: 'phone' })
    await laptop.updateBook(b.id, { finished_at: '2024-06-01', review: 'laptop' })
    await phone.engine.sync()
    await laptop.engine.sync()
    await phone.engine.sync()
    const expected = { rating: 3, finished_at: '2024-06-01', review: 'laptop', status: 'finished' }
    expect((await serverBooks(s, me.token)).get(b.id)).toMatchObject(expected)
    expect(await phone.db.books.get(b.id)).toMatchObject({ ...expected, sync: 'synced' })
    expect(await laptop.db.books.get(b.id)).toMatchObject(expected)
  })

  test('a delete wins over a later edit; the edit becomes a visible rejection', async () => {
    const me = await s.signUp()
    const phone = await openClient(s, me)
    const laptop = await openClient(s, me)
    const b = await phone.addBook({ title: 'Doomed' })
    await phone.engine.sync()
    await laptop.engine.sync()
    await phone.deleteBook(b.id)
    await phone.engine.sync()
    await laptop.updateBook(b.id, { rating: 1 })
    await laptop.engine.sync()
    expect(await laptop.db.books.get(b.id)).toBeUndefined()
    const rejections = await laptop.db.rejections.toArray()
    expect(rejections).toHaveLength(1)
    expect(rejections[0]).toMatchObject({ kind: 'book.update', entityId: b.id, status: 404 })
    expect(await laptop.db.outbox.count()).toBe(0)
    expect((await serverBooks(s, me.token)).size).toBe(0)
  })

  test('a pull never hides a pending local edit', async () => {
    const me = await s.signUp()
    const phone = await openClient(s, me)
    const laptop = await openClient(s, me)
    const b = await phone.addBook({ title: 'Rebase' })
    await phone.engine.sync()
    await laptop.engine.sync()
    await phone.updateBook(b.id, { author: 'From phone' })
    await phone.engine.sync()
    await laptop.updateBook(b.id, { rating: 4 })
    // Pull only: the server row arrives, the pending rating stays on top.
    let calls = 0
    const http = {
      baseUrl: 'http://tbr.test/api',
      timers: realTimers,
      timeoutMs: 5000,
      getLocale: () => 'en',
      fetch: async (url: string, init: RequestInit) => {
        calls++
        return s.app.request(url, init)
      },
    }
    await pull({ d: laptop.db, http, token: me.token, me: (await readUser(laptop.db))!, now: Date.now })
    expect(calls).toBe(3) // books since the cursor, the user, the reading goals
    expect(await laptop.db.books.get(b.id)).toMatchObject({ author: 'From phone', rating: 4, sync: 'pending' })
  })
})

describe('sessions', () => {
  test('401 pauses the engine and keeps the outbox; a new token resumes it', async () => {
    const me = await s.signUp()
    let unauthorized = 0
    const c = await openClient(s, me, { engine: { onUnauthorized: () => unauthorized++ } })
    await c.addBook({ title: 'Kept' })
    c.auth.token = 'expired'
    await c.engine.sync()
    expect(unauthorized).toBe(1)
    expect(await c.db.outbox.count()).toBe(1)
    expect((await querySyncStatus(c.db, true)).state).toBe('unauthorized')
    const requests = c.net.requests
    await c.engine.sync() // paused: same token, no request
    expect(c.net.requests).toBe(requests)
    c.auth.token = me.token
    await c.engine.sync()
    expect(await c.db.outbox.count()).toBe(0)
    expect((await serverBooks(s, me.token)).size).toBe(1)
  })

  test('settings go through the outbox; a refresh does not hide a pending change', async () => {
    const me = await s.signUp()
    const c = await openClient(s, me, { net: { offline: true } })
    await c.patchUser({ dark_mode: true, locale: 'es' })
    expect(await readUser(c.db)).toMatchObject({ dark_mode: true, locale: 'es' })
    await saveUser({ ...me.user, dark_mode: false, locale: 'en' }, c.db) // e.g. GET /api/auth on load
    expect(await readUser(c.db)).toMatchObject({ dark_mode: true, locale: 'es' })
    c.net.offline = false
    await c.engine.sync()
    expect(await c.db.outbox.count()).toBe(0)
    const server = await s.api('GET', '/api/user', { token: me.token })
    expect(server.body.data).toMatchObject({ dark_mode: true, locale: 'es' })
  })

  test('a different user signing in on the device wipes the previous one first', async () => {
    const a = await s.signUp()
    const b = await s.signUp()
    const c = await openClient(s, a)
    await c.addBook({ title: "A's secret" })
    expect(await pendingChangeCount(c.db)).toBe(1)
    await saveUser(b.user, c.db)
    expect(await c.db.books.count()).toBe(0)
    expect(await c.db.outbox.count()).toBe(0)
    expect((await readUser(c.db))!.id).toBe(b.user.id)
  })

  test('the books are on their way until the account’s first pull lands here, not after a failed try', async () => {
    const me = await s.signUp()
    const other = await s.signUp()
    await s.api('POST', '/api/books', { token: me.token, body: { title: 'On the server' } })
    const c = await openClient(s, me, { net: { offline: true } })
    expect(await awaitingFirstPull(c.db)).toBe(true)
    // Offline: the list is not coming now, so the page says what it has.
    await c.engine.sync()
    expect(await awaitingFirstPull(c.db)).toBe(false)
    c.net.offline = false
    await c.engine.sync()
    expect(await awaitingFirstPull(c.db)).toBe(false)
    expect((await listBooks(c.db)).map((b) => b.title)).toEqual(['On the server'])
    // Another account on this device: its books are on their way again until its pull lands.
    c.auth.token = other.token
    await saveUser({ ...other.user, id: me.user.id }, c.db)
    expect(await awaitingFirstPull(c.db)).toBe(true)
    await c.engine.sync()
    expect(await awaitingFirstPull(c.db)).toBe(false)
  })

  test('switching account replaces the books with the other account’s (full snapshot)', async () => {
    const me = await s.signUp()
    const other = await s.signUp()
    await s.api('POST', '/api/books', { token: other.token, body: { title: 'Other account book' } })
    const c = await openClient(s, me)
    await c.addBook({ title: 'Mine' })
    await c.engine.sync()
    // Stand-in for a switch: same device, the session and user record now of another account.
    c.auth.token = other.token
    await saveUser({ ...other.user, id: me.user.id }, c.db)
    await c.engine.sync()
    const titles = (await listBooks(c.db)).map((b) => b.title)
    expect(titles).toEqual(['Other account book'])
    expect(await getMeta(META.cursorAccount, c.db)).toBe(other.user.account_id)
  })
})

describe('tabs, retries and timers', () => {
  test('two tabs on one database: one pushes at a time, nothing twice', async () => {
    const me = await s.signUp()
    const factory = new IDBFactory()
    const locks = new FakeLocks()
    const tab1 = await openClient(s, me, { factory, locks })
    const tab2 = await openClient(s, me, { factory, locks })
    for (let i = 0; i < 10; i++) await (i % 2 ? tab1 : tab2).addBook({ title: `Book ${i}` })
    await Promise.all([tab1.engine.sync(), tab2.engine.sync(), tab1.engine.sync(), tab2.engine.sync()])
    expect(locks.maxHolders).toBe(1)
    expect(await tab1.db.outbox.count()).toBe(0)
    expect((await serverBooks(s, me.token)).size).toBe(10)
    expect(await counter(me.token)).toBe('10')
  })

  test('backoff grows with jitter and respects its cap', () => {
    expect(backoffDelay(1, () => 0, 1000, 60_000)).toBe(500)
    expect(backoffDelay(1, () => 1, 1000, 60_000)).toBe(1000)
    expect(backoffDelay(4, () => 0.5, 1000, 60_000)).toBe(6000)
    expect(backoffDelay(30, () => 1, 1000, 60_000)).toBe(60_000)
  })

  test('after a failure the engine retries on its own timer; Retry-After wins', async () => {
    const me = await s.signUp()
    const scheduled: number[] = []
    const pending: (() => void)[] = []
    const timers: Timers = {
      setTimeout: (fn, ms) => {
        if (ms < 20_000) {
          scheduled.push(ms) // request timeouts (20 s) are not retries
          pending.push(fn)
        }
        return fn
      },
      clearTimeout: () => {},
    }
    let status = 503
    const c = await openClient(s, me, {
      engine: {
        timers,
        random: () => 0,
        pullIntervalMs: 10_000_000,
        fetch: async (url, init) => {
          if (status === 503) return new Response('{"message":"down"}', { status: 503 })
          if (status === 429)
            return new Response('{"message":"slow down"}', { status: 429, headers: { 'retry-after': '7' } })
          return s.app.request(url, init)
        },
      },
    })
    await c.addBook({ title: 'Retry me' })
    c.engine.start() // first run
    await c.engine.sync() // second run, queued behind it
    expect(scheduled).toEqual([500, 1000])
    expect((await querySyncStatus(c.db, true)).state).toBe('error')
    status = 429
    await c.engine.sync()
    expect(scheduled.at(-1)).toBe(7000)
    status = 200
    pending.at(-1)!()
    await c.engine.sync()
    expect(await c.db.outbox.count()).toBe(0)
    c.engine.stop()
  })

  test('a server shedding load (503 + Retry-After) is retried no sooner than asked, later each time; nothing is lost', async () => {
    // One request at a time and no queue (decision 26), and one request holding that turn.
    const busy = await startTestServer({ API_CONCURRENCY: '1', API_QUEUE: '0' })
    const me = await busy.signUp()
    const release = await holdDatabase(busy)
    try {
      const admitted = busy.api('GET', '/api/books', { token: me.token })
      await untilTurnsTaken(busy)
      const scheduled: number[] = []
      const pending: (() => void)[] = []
      const timers: Timers = {
        setTimeout: (fn, ms) => {
          if (ms < 20_000) {
            scheduled.push(ms)
            pending.push(fn)
          }
          return fn
        },
        clearTimeout: () => {},
      }
      const retryAfter: number[] = []
      const c = await openClient(busy, me, {
        engine: {
          timers,
          random: () => 1,
          pullIntervalMs: 10_000_000,
          fetch: async (url, init) => {
            const res = await busy.app.request(url, init)
            if (res.status === 503) retryAfter.push(Number(res.headers.get('retry-after')) * 1000)
            return res
          },
        },
      })
      const book = await c.addBook({ title: 'Shed, then kept' })
      c.engine.start() // first run
      await c.engine.sync() // second run, queued behind it
      await c.engine.sync() // third
      // Every call was refused. Each retry waits for the Retry-After of the call that stopped its
      // run, or for the backoff (1 s, 2 s, 4 s with random() = 1) once it has grown past that.
      expect(retryAfter.length).toBeGreaterThanOrEqual(3)
      expect(retryAfter.every((ms) => ms >= 1000)).toBe(true)
      expect(scheduled).toHaveLength(3)
      for (const [run, step] of [1000, 2000, 4000].entries()) {
        expect(retryAfter.map((ms) => Math.max(ms, step))).toContain(scheduled[run])
      }
      expect((await querySyncStatus(c.db, true)).state).toBe('error')
      expect(await c.db.outbox.count()).toBe(1)
      await release()
      expect((await admitted).status).toBe(200)
      pending.at(-1)!()
      await c.engine.sync()
      expect(await c.db.outbox.count()).toBe(0)
      expect((await serverBooks(busy, me.token)).get(book.id)).toMatchObject({ title: 'Shed, then kept' })
      c.engine.stop()
    } finally {
      await release()
      await busy.close()
    }
  })
})
