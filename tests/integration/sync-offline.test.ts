import { afterAll, beforeAll, expect, test } from 'vitest'
import { querySyncStatus } from '~/client/sync/status'
import type { Timers } from '~/client/sync/transport'
import { startTestServer, type TestServer } from './harness'
import { openClient, serverBooks } from './sync-kit'

// While the browser says it has no network (navigator.onLine false)
// the engine sends nothing and times no retry; the `online` event syncs at once.

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

/** Timers that only record: retries are observed, never fired (request timeouts of 20 s are not retries). */
function recordingTimers() {
  const retries = new Map<object, number>()
  const cleared = new Set<unknown>()
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      const handle = { fn }
      if (ms < 20_000) retries.set(handle, ms)
      return handle
    },
    clearTimeout: (handle) => cleared.add(handle),
  }
  /** Retries timed and not cancelled. */
  const live = () => [...retries].filter(([h]) => !cleared.has(h)).map(([, ms]) => ms)
  return { timers, live }
}

test('offline: no request and no timed retry, whatever triggers a run; the online event syncs at once', async () => {
  const me = await s.signUp()
  let online = false
  const connectivity = new EventTarget()
  const { timers, live } = recordingTimers()
  const c = await openClient(s, me, {
    engine: { isOnline: () => online, connectivity, timers, random: () => 0, pullIntervalMs: 10_000_000 },
  })
  const first = await c.addBook({ title: 'Written offline' })
  c.engine.start()
  await c.engine.sync()
  const second = await c.addBook({ title: 'Also offline' })
  await c.engine.sync() // a local write's trigger
  connectivity.dispatchEvent(new Event('offline'))
  await c.engine.settled()

  expect(c.net.requests).toBe(0)
  expect(live()).toEqual([])
  const status = await querySyncStatus(c.db, false)
  expect(status).toMatchObject({ state: 'offline', retryAt: null, pending: 2, online: false })

  online = true
  connectivity.dispatchEvent(new Event('online'))
  await c.engine.settled()
  expect(await c.db.outbox.count()).toBe(0)
  const server = await serverBooks(s, me.token)
  expect([...server.keys()].sort()).toEqual([first.id, second.id].sort())
  expect(await querySyncStatus(c.db, true)).toMatchObject({ state: 'idle', pending: 0, error: null })
  c.engine.stop()
})

test('a retry timed after a network error is cancelled when the browser goes offline; nothing is lost', async () => {
  const me = await s.signUp()
  let online = true
  const connectivity = new EventTarget()
  const { timers, live } = recordingTimers()
  // The browser says online but requests fail (a captive portal, a dead Wi-Fi): back off as before.
  const c = await openClient(s, me, {
    net: { offline: true },
    engine: { isOnline: () => online, connectivity, timers, random: () => 0, pullIntervalMs: 10_000_000 },
  })
  const book = await c.addBook({ title: 'Kept through it all' })
  c.engine.start()
  await c.engine.settled()
  const attempts = c.net.requests // the push, then the pull it still tries
  expect(attempts).toBeGreaterThan(0)
  expect(live()).toEqual([500])
  expect((await querySyncStatus(c.db, true)).state).toBe('offline')

  online = false
  await c.addBook({ title: 'Second' })
  await c.engine.sync()
  expect(c.net.requests).toBe(attempts)
  expect(live()).toEqual([])
  expect((await querySyncStatus(c.db, false)).retryAt).toBeNull()

  online = true
  c.net.offline = false
  connectivity.dispatchEvent(new Event('online'))
  await c.engine.settled()
  expect(await c.db.outbox.count()).toBe(0)
  expect((await serverBooks(s, me.token)).get(book.id)).toMatchObject({ title: 'Kept through it all' })
  c.engine.stop()
})
