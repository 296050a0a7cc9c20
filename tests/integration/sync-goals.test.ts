import { IDBFactory } from 'fake-indexeddb'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readUser, saveUser, TbrDatabase, wipeLocalData } from '~/client/db'
import { listGoals } from '~/client/sync/goals'
import { MutationInputError } from '~/client/sync/mutations'
import { pull } from '~/client/sync/pull'
import { realTimers } from '~/client/sync/transport'
import { startTestServer, type TestServer } from './harness'
import { openClient } from './sync-kit'

// Reading goals through the sync engine (decisions: the reader's year; the same guarantees as
// book changes): set offline, kept across restarts, pushed once under its key, never hidden by a
// pull, last arrival wins, and a second device sees it after its next pull.

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

const serverGoals = async (token: string) => (await s.api('GET', '/api/goals', { token })).body.data
const local = async (db: TbrDatabase) => (await listGoals(db)).map(({ year, books }) => ({ year, books }))

describe('one device', () => {
  test('a goal set offline is stored with its outbox entry, survives a restart and reaches the server once online', async () => {
    const me = await s.signUp()
    const factory = new IDBFactory()
    const c = await openClient(s, me, { factory, net: { offline: true } })
    await c.setGoal(2026, 24)
    await c.engine.sync()
    expect(await c.db.outbox.count()).toBe(1)
    expect((await listGoals(c.db))[0]).toMatchObject({ year: 2026, books: 24, sync: 'pending' })
    expect(await serverGoals(me.token)).toEqual([])
    c.db.close()
    // A restart: a new engine on the same IndexedDB.
    const again = await openClient(s, me, { factory })
    expect(await local(again.db)).toEqual([{ year: 2026, books: 24 }])
    await again.engine.sync()
    expect(await again.db.outbox.count()).toBe(0)
    expect(await serverGoals(me.token)).toEqual([{ year: 2026, books: 24 }])
    expect((await listGoals(again.db))[0]!.sync).toBe('synced')
  })

  test('bad input is refused before anything is stored', async () => {
    const me = await s.signUp()
    const c = await openClient(s, me)
    await expect(c.setGoal(2026, 0)).rejects.toBeInstanceOf(MutationInputError)
    await expect(c.setGoal(2026, 1001)).rejects.toMatchObject({ field: 'books' })
    await expect(c.setGoal(1492, 10)).rejects.toMatchObject({ field: 'year' })
    expect(await c.db.outbox.count()).toBe(0)
    expect(await c.db.goals.count()).toBe(0)
  })

  test('a dropped answer is retried under the same key and applied once', async () => {
    const me = await s.signUp()
    const c = await openClient(s, me, { net: { dropAnswer: 1 } })
    await c.setGoal(2026, 12)
    const key = (await c.db.outbox.toArray())[0]!.id
    await c.engine.sync()
    expect(c.net.dropped).toBeGreaterThanOrEqual(1)
    expect(await c.db.outbox.count()).toBe(1)
    expect(await serverGoals(me.token)).toEqual([{ year: 2026, books: 12 }]) // applied, not heard
    // Meanwhile another device sets a newer goal: the retry must not bring 12 back.
    await s.api('PUT', '/api/goals/2026', { token: me.token, body: { books: 30 } })
    c.net.dropAnswer = 0
    await c.engine.sync()
    expect(await c.db.outbox.count()).toBe(0)
    expect(await serverGoals(me.token)).toEqual([{ year: 2026, books: 30 }])
    expect(await local(c.db)).toEqual([{ year: 2026, books: 30 }])
    const replay = await s.api('PUT', '/api/goals/2026', {
      token: me.token,
      body: { books: 12 },
      headers: { 'idempotency-key': key },
    })
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
  })

  test('sign-out wipes the goals; another account’s goals never show', async () => {
    const me = await s.signUp()
    const other = await s.signUp()
    await s.api('PUT', '/api/goals/2025', { token: other.token, body: { books: 99 } })
    const c = await openClient(s, me)
    await c.setGoal(2025, 5)
    await c.engine.sync()
    expect(await local(c.db)).toEqual([{ year: 2025, books: 5 }])
    c.auth.token = other.token
    await saveUser({ ...other.user, id: me.user.id }, c.db) // an account switch
    expect(await local(c.db)).toEqual([])
    await c.engine.sync()
    expect(await local(c.db)).toEqual([{ year: 2025, books: 99 }])
    await wipeLocalData(c.db)
    expect(await c.db.goals.count()).toBe(0)
  })
})

describe('two devices', () => {
  test('a second device sees a goal after its next pull; the later arrival wins on both', async () => {
    const me = await s.signUp()
    const phone = await openClient(s, me, { net: { offline: true } })
    const laptop = await openClient(s, me)
    await phone.setGoal(2026, 20)
    await laptop.engine.sync()
    expect(await local(laptop.db)).toEqual([])
    phone.net.offline = false
    await phone.engine.sync()
    await laptop.engine.sync()
    expect(await local(laptop.db)).toEqual([{ year: 2026, books: 20 }])
    await laptop.setGoal(2026, 25)
    await laptop.engine.sync()
    await phone.engine.sync()
    expect(await local(phone.db)).toEqual([{ year: 2026, books: 25 }])
  })

  test('a pull never hides a goal set on this device and not yet pushed', async () => {
    const me = await s.signUp()
    const laptop = await openClient(s, me)
    await s.api('PUT', '/api/goals/2026', { token: me.token, body: { books: 40 } })
    await s.api('PUT', '/api/goals/2024', { token: me.token, body: { books: 8 } })
    await laptop.setGoal(2026, 15)
    const http = {
      baseUrl: 'http://tbr.test/api',
      timers: realTimers,
      timeoutMs: 5000,
      getLocale: () => 'en',
      fetch: async (url: string, init: RequestInit) => s.app.request(url, init),
    }
    await pull({ d: laptop.db, http, token: me.token, me: (await readUser(laptop.db))!, now: Date.now })
    expect(await listGoals(laptop.db)).toMatchObject([
      { year: 2024, books: 8, sync: 'synced' },
      { year: 2026, books: 15, sync: 'pending' },
    ])
    await laptop.engine.sync()
    expect(await serverGoals(me.token)).toEqual([
      { year: 2024, books: 8 },
      { year: 2026, books: 15 },
    ])
  })
})
