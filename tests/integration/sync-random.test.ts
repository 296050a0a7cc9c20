import { IDBFactory } from 'fake-indexeddb'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { readUser } from '~/client/db'
import { BookNotFoundError } from '~/client/sync/mutations'
import { listBooks } from '~/client/sync/queries'
import { accounts, idempotencyKeys, books as booksTable } from '~/server/db/schema'
import { EDITABLE_FIELDS, type EditableField } from '~/shared/schemas/book'
import { startTestServer, type TestServer } from './harness'
import { clientBooks, FakeLocks, openClient, prng, quickAccount, serverBooks, type Client, type Rng } from './sync-kit'

// Each client's id stream must be unique across every case of the file (they share one server):
// one block of 100,000 seeds per case, clients at 0–99, restarts at 1000 + step. Overlapping
// blocks made a client re-issue another account's book id (answered 409, correctly).
const clientSeed = (seed: number, slot: number) => seed * 100_000 + slot

// Seeded random schedules: 2–3 engines, each device on its own
// IDBFactory (sometimes two tabs on one), against the real server, through adds, edits,
// deletes, setting changes, offline periods, failed sends, 503s, latency, dropped answers (the
// server applied, the client never heard) and restarts. After quiescence every client equals the server, every
// mutation was applied exactly once or refused for a stated reason, and each field holds the
// value of the last write that reached the server.
//
// SYNC_CASES=n (default 30: ~15–25 s on 2 cores), SYNC_SEED=s (first seed; default 1), SYNC_STEPS=n (default 60).
// A failure prints its seed: SYNC_SEED=<seed> SYNC_CASES=1 replays that schedule.

const CASES = Number(process.env.SYNC_CASES ?? 30)
const FIRST_SEED = Number(process.env.SYNC_SEED ?? 1)
const STEPS = Number(process.env.SYNC_STEPS ?? 60)

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

const WORDS = [
  'Dune',
  'Piranesi',
  'Emma',
  'Beloved',
  'Ulysses',
  'Kindred',
  'Middlemarch',
  'Solaris',
  'Ficciones',
  'Rebecca',
]
const randomFields = (r: Rng): Record<string, unknown> => {
  // Every editable field has a generator: a field added to the book fails typecheck here until it has one.
  const all: Record<EditableField, () => unknown> = {
    title: () => `${r.pick(WORDS)} ${r.int(1000)}`,
    author: () => (r.chance(0.2) ? null : `Author ${r.int(100)}`),
    rating: () => (r.chance(0.2) ? null : 1 + r.int(5)),
    review: () => (r.chance(0.2) ? null : `Review ${r.int(1e6)}`),
    started_at: () => (r.chance(0.3) ? null : `2024-0${1 + r.int(9)}-1${r.int(10)}`),
    finished_at: () => (r.chance(0.5) ? null : `2025-0${1 + r.int(9)}-2${r.int(9)}`),
    imageUrl: () => (r.chance(0.5) ? null : `https://img.example/${r.int(1e6)}.jpg`),
    isbn: () => r.pick([null, '9780441172719', '0441172717', '9781400033416']),
    asin: () => (r.chance(0.5) ? null : `B0${r.int(1e8)}`.padEnd(10, '7')),
    position: () => (r.chance(0.1) ? null : `a${r.pick(['0', '1', '5', 'V', 'z'])}${r.pick(['', '8', 'V'])}`),
    added_at: () => `2023-1${r.int(3)}-0${1 + r.int(9)}`,
    pages: () => (r.chance(0.3) ? null : 1 + r.int(1500)),
    year: () => (r.chance(0.3) ? null : 1850 + r.int(176)),
  }
  const out: Record<string, unknown> = {}
  for (const f of EDITABLE_FIELDS) if (r.chance(0.35)) out[f] = all[f]()
  if (!Object.keys(out).length) out.rating = 1 + r.int(5)
  return out
}

interface Issued {
  id: string
  kind: string
  entityId: string
  payload: Record<string, unknown>
}

const macrotask = () => new Promise((resolve) => setImmediate(resolve))

/** True when the write found its book gone (deleted by a pull meanwhile); nothing was queued. */
async function gone(write: Promise<unknown>) {
  try {
    await write
    return false
  } catch (err) {
    if (err instanceof BookNotFoundError) return true
    throw err
  }
}

async function runCase(seed: number, log: string[]) {
  const r = prng(seed)
  const account = await quickAccount(s)
  const nDevices = 2 + r.int(2)
  const clients: Client[] = []
  const locksOf = new Map<IDBFactory, FakeLocks>()
  for (let i = 0; i < nDevices; i++) {
    const factory = new IDBFactory()
    const locks = new FakeLocks()
    locksOf.set(factory, locks)
    const net = { dropAnswer: r.chance(0.5) ? 0.25 : 0, jitter: r.int(3) }
    clients.push(
      await openClient(s, account, {
        factory,
        locks,
        net,
        rng: prng(clientSeed(seed, i)),
        engine: { batchSize: r.chance(0.5) ? 1 + r.int(5) : 50 },
      }),
    )
    // Sometimes a second tab of the same device: same IndexedDB, same lock manager.
    if (r.chance(0.3))
      clients.push(
        await openClient(s, account, { factory, locks, rng: prng(clientSeed(seed, 50 + i)), engine: { batchSize: 3 } }),
      )
  }
  const issued: Issued[] = []
  const inflight: Promise<unknown>[] = []
  const lastIssued = async (c: Client) => {
    const e = await c.db.outbox.orderBy('seq').last()
    issued.push({ id: e!.id, kind: e!.kind, entityId: e!.entityId, payload: e!.payload })
  }

  for (let step = 0; step < STEPS; step++) {
    const ci = r.int(clients.length)
    const c = clients[ci]!
    const roll = r.next()
    if (roll < 0.22) {
      log.push(`${step}: c${ci} add`)
      await c.addBook({ title: `${r.pick(WORDS)} ${r.int(1000)}`, ...(r.chance(0.5) ? randomFields(r) : {}) })
      await lastIssued(c)
    } else if (roll < 0.5) {
      const mine = await listBooks(c.db)
      if (!mine.length) continue
      const b = r.pick(mine)
      const fields = randomFields(r)
      log.push(`${step}: c${ci} update ${b.id.slice(0, 8)} ${JSON.stringify(fields)}`)
      // A background pull may remove the book between the list and the write, as in the UI.
      if (await gone(c.updateBook(b.id, fields))) continue
      await lastIssued(c)
    } else if (roll < 0.58) {
      const mine = await listBooks(c.db)
      if (!mine.length) continue
      const b = r.pick(mine)
      log.push(`${step}: c${ci} delete ${b.id.slice(0, 8)}`)
      if (await gone(c.deleteBook(b.id))) continue
      await lastIssued(c)
    } else if (roll < 0.62) {
      const fields = r.chance(0.5) ? { dark_mode: r.chance(0.5) } : { name: `Reader ${r.int(100)}` }
      log.push(`${step}: c${ci} patchUser ${JSON.stringify(fields)}`)
      await c.patchUser(fields)
    } else if (roll < 0.8) {
      log.push(`${step}: c${ci} sync (background)`)
      inflight.push(c.engine.sync())
    } else if (roll < 0.86) {
      log.push(`${step}: c${ci} await syncs`)
      await Promise.all(inflight.splice(0))
    } else if (roll < 0.93) {
      c.net.offline = r.chance(0.4)
      c.net.dropAnswer = r.chance(0.5) ? r.next() * 0.5 : 0
      c.net.failBefore = r.chance(0.3) ? r.next() * 0.3 : 0
      c.net.serverError = r.chance(0.2) ? r.next() * 0.3 : 0
      c.net.jitter = r.int(4)
      log.push(
        `${step}: c${ci} net offline=${c.net.offline} drop=${c.net.dropAnswer.toFixed(2)} fail=${c.net.failBefore.toFixed(2)} 503=${c.net.serverError.toFixed(2)} jitter=${c.net.jitter}`,
      )
    } else if (roll < 0.96) {
      // Restart: the tab dies (possibly mid-request); a new engine opens the same database.
      log.push(`${step}: c${ci} restart`)
      c.engine.stop()
      c.db.close()
      const reopened = await openClient(s, account, {
        factory: c.factory,
        name: c.name,
        locks: locksOf.get(c.factory),
        rng: prng(clientSeed(seed, 1000 + step)),
        net: { ...c.net, requests: 0, dropped: 0 },
      })
      clients[ci] = reopened
    } else {
      for (let k = r.int(20); k > 0; k--) await macrotask()
    }
  }

  // Quiescence: everyone online, answers delivered, syncing until nothing is left to push.
  log.push('quiesce')
  for (const c of clients) Object.assign(c.net, { offline: false, dropAnswer: 0, failBefore: 0, serverError: 0 })
  await Promise.all(inflight.splice(0))
  for (let round = 0; round < 10; round++) {
    for (const c of clients) await c.engine.sync()
    const left = await Promise.all(clients.map((c) => c.db.outbox.count()))
    if (left.every((n) => n === 0)) break
  }
  for (const c of clients) await c.engine.sync()

  // 1. Nothing left to push, nothing refused except "that book was deleted" (404).
  const accountId = account.user.account_id
  const rejections = new Map<string, { status: number; message: string }>()
  for (const c of clients) {
    expect(await c.db.outbox.count(), 'outbox left').toBe(0)
    for (const rej of await c.db.rejections.toArray()) {
      expect(rej.status, `rejection ${rej.kind} ${rej.message}`).toBe(404)
      rejections.set(rej.id, rej)
    }
  }

  // 2. Every client equals the server, all rows synced; the user record too.
  const server = await serverBooks(s, account.token)
  const serverUser = (await s.api('GET', '/api/user', { token: account.token })).body.data
  for (const [i, c] of clients.entries()) {
    const local = await clientBooks(c, accountId)
    const diff = [...new Set([...local.keys(), ...server.keys()])]
      .filter((id) => JSON.stringify(local.get(id)) !== JSON.stringify(server.get(id)))
      .map((id) => `${id}\n  client ${JSON.stringify(local.get(id))}\n  server ${JSON.stringify(server.get(id))}`)
    expect(local, `client ${i} books differ:\n${diff.join('\n')}`).toEqual(server)
    expect(
      (await c.db.books.toArray()).every((b) => b.sync === 'synced'),
      `client ${i} sync flags`,
    ).toBe(true)
    const u = await readUser(c.db)
    expect({ name: u!.name, dark_mode: u!.dark_mode }, `client ${i} user`).toEqual({
      name: serverUser.name,
      dark_mode: serverUser.dark_mode,
    })
  }

  // 3. Exactly once: each applied write bumped the account counter once and stored its key once.
  const db = s.deps.db
  const keys = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.accountId, accountId))
  const [acct] = await db.select().from(accounts).where(eq(accounts.id, accountId))
  expect(acct!.changeCounter, 'writes applied vs keys stored').toBe(keys.length)
  const applied = new Map(keys.map((k) => [k.key, k]))

  // 4. No write lost: each mutation was applied, or refused (404), or was a delete of a book
  //    already deleted (acknowledged; the server holds a tombstone).
  const tombstones = new Set(
    (
      await db
        .select({ id: booksTable.id, deletedAt: booksTable.deletedAt })
        .from(booksTable)
        .where(and(eq(booksTable.accountId, accountId)))
    )
      .filter((b) => b.deletedAt)
      .map((b) => b.id),
  )
  for (const m of issued) {
    const fate = applied.has(m.id)
      ? 'applied'
      : rejections.has(m.id)
        ? 'refused'
        : m.kind === 'book.delete' && tombstones.has(m.entityId)
          ? 'already deleted'
          : 'LOST'
    expect(fate, `mutation ${m.kind} ${m.id}`).not.toBe('LOST')
    if (applied.has(m.id)) expect(applied.get(m.id)!.status, `status of ${m.kind}`).toBeLessThan(300)
  }
  expect(keys.length, 'keys stored for mutations never issued').toBeLessThanOrEqual(issued.length)

  // 5. Field level, last arrival wins: each live book's fields are those of the applied write
  //    with the highest version that named them; a book with an applied delete is gone.
  const byBook = new Map<string, { version: number; m: Issued }[]>()
  for (const m of issued) {
    const k = applied.get(m.id)
    if (!k) continue
    const version = m.kind === 'book.delete' ? Infinity : (k.body as any).data.version
    byBook.set(m.entityId, [...(byBook.get(m.entityId) ?? []), { version, m }])
  }
  for (const [id, writes] of byBook) {
    writes.sort((a, b) => a.version - b.version)
    if (writes.some((w) => w.m.kind === 'book.delete')) {
      expect(server.has(id), `deleted book ${id} still live`).toBe(false)
      continue
    }
    const expected: Record<string, unknown> = {}
    for (const w of writes) for (const f of EDITABLE_FIELDS) if (f in w.m.payload) expected[f] = w.m.payload[f]
    const actual = server.get(id)
    expect(actual, `book ${id} missing on server`).toBeTruthy()
    for (const f of EDITABLE_FIELDS) if (f in expected) expect(actual[f], `book ${id} field ${f}`).toEqual(expected[f])
  }

  for (const c of clients) {
    c.engine.stop()
    c.db.close()
  }
  return {
    clients: clients.length,
    mutations: issued.length,
    books: server.size,
    rejected: rejections.size,
    dropped: clients.reduce((n, c) => n + c.net.dropped, 0),
  }
}

const totals = { mutations: 0, rejected: 0, dropped: 0, books: 0 }
afterAll(() => {
  console.log(`sync-random: ${CASES} cases from seed ${FIRST_SEED}, ${STEPS} steps: ${JSON.stringify(totals)}`)
})

for (let i = 0; i < CASES; i++) {
  const seed = FIRST_SEED + i
  test(`random schedule, seed ${seed}`, async () => {
    const log: string[] = []
    try {
      const res = await runCase(seed, log)
      totals.mutations += res.mutations
      totals.rejected += res.rejected
      totals.dropped += res.dropped
      totals.books += res.books
    } catch (err) {
      const why = err instanceof Error ? (err.stack ?? err.message) : String(err)
      console.error(
        `sync-random FAILED with seed ${seed} (replay: SYNC_SEED=${seed} SYNC_STEPS=${STEPS} SYNC_CASES=1)\n${why}\n${log.slice(-40).join('\n')}`,
      )
      throw err
    }
  }, 120_000)
}
