// Sync figures: node_modules/.bin/tsx tests/bench/sync.bench.ts
//  1. 5,000 books in Dexie (fake-indexeddb): time from a write to a live query seeing it.
//  2. Flushing 1,000 queued mutations to a local server (real HTTP), batched and one by one.
//  3. GET /api/books with 5,000 books (real HTTP), full and `since` the latest cursor.
// Dexie's liveQuery only runs where a global indexedDB exists; each database below still gets
// its own IDBFactory.
import 'fake-indexeddb/auto'
import { serve } from '@hono/node-server'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { liveQuery, saveUser, TbrDatabase, type LocalBook } from '~/client/db'
import { SyncEngine } from '~/client/sync/engine'
import { listBooks, type BookQuery } from '~/client/sync/queries'
import { createMutations } from '~/client/sync/mutations'
import { withDerived } from '~/shared/schemas/book'
import { BATCH_MAX } from '~/shared/sync/protocol'
import { startTestServer } from '../integration/harness'
import { quickAccount } from '../integration/sync-kit'

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!
}
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms (n=${xs.length})`

function seedRows(accountId: string, n: number): LocalBook[] {
  const now = Date.now()
  return Array.from({ length: n }, (_, i) => ({
    ...withDerived({
      id: crypto.randomUUID(),
      title: `Book ${i}`,
      author: `Author ${i % 300}`,
      rating: (i % 5) + 1,
      review: i % 3 ? null : `A review of book ${i} that is a little longer than a title.`,
      started_at: i % 2 ? '2024-01-01' : null,
      finished_at: i % 4 ? null : '2024-02-01',
      imageUrl: null,
      isbn: null,
      asin: null,
      pages: null,
      year: null,
      position: null,
      added_at: '2024-01-01',
      source: 'hand' as const,
      account_id: accountId,
      created_at: new Date(now - i * 1000).toISOString(),
      updated_at: new Date(now - i * 1000).toISOString(),
      version: i + 1,
    }),
    sync: 'synced' as const,
  }))
}

async function benchLiveQuery(user: any, label: string, query: BookQuery) {
  const db = new TbrDatabase(`bench-live-${label}`, { indexedDB: new IDBFactory(), IDBKeyRange })
  await saveUser(user, db)
  await db.books.bulkPut(seedRows(user.account_id, 5000))
  const m = createMutations({ db })
  let latest: LocalBook[] = []
  let waiter: { test: (rows: LocalBook[]) => boolean; done: () => void } | null = null
  const sub = liveQuery(() => listBooks(db, query)).subscribe((rows) => {
    latest = rows
    if (waiter?.test(rows)) waiter.done()
  })
  const seen = (test: (rows: LocalBook[]) => boolean) =>
    new Promise<void>((resolve) => {
      if (test(latest)) return resolve()
      waiter = { test, done: resolve }
    })
  await seen((rows) => rows.length === (query.limit ?? 5000))
  const adds: number[] = []
  const edits: number[] = []
  for (let i = 0; i < 60; i++) {
    const t0 = performance.now()
    const b = await m.addBook({ title: `New ${i}` })
    await seen((rows) => rows[0]?.id === b.id)
    adds.push(performance.now() - t0)
    const target = latest[10 + (i % 20)]!
    const t1 = performance.now()
    await m.updateBook(target.id, { rating: ((target.rating ?? 0) % 5) + 1 })
    await seen((rows) => rows.find((r) => r.id === target.id)?.rating !== target.rating)
    edits.push(performance.now() - t1)
  }
  sub.unsubscribe()
  db.close()
  console.log(`   ${label}: add ${fmt(adds.slice(10))}; edit ${fmt(edits.slice(10))}`)
}

async function benchFlush(baseUrl: string, session: { token: string; user: any }, batchSize: number) {
  const db = new TbrDatabase(`bench-flush-${batchSize}`, { indexedDB: new IDBFactory(), IDBKeyRange })
  await saveUser(session.user, db)
  const m = createMutations({ db })
  const ids: string[] = []
  for (let i = 0; i < 1000; i++) {
    if (i < 500 || ids.length === 0) ids.push((await m.addBook({ title: `Queued ${i}`, rating: (i % 5) + 1 })).id)
    else if (i < 900) await m.updateBook(ids[i % ids.length]!, { review: `edit ${i}` })
    else await m.deleteBook(ids.pop()!)
  }
  const engine = new SyncEngine({ db, getToken: () => session.token, baseUrl, locks: null, batchSize })
  const t0 = performance.now()
  await engine.sync()
  const ms = performance.now() - t0
  const left = await db.outbox.count()
  db.close()
  return { ms, left }
}

async function benchGet(baseUrl: string, token: string) {
  const get = async (path: string) => {
    const t0 = performance.now()
    const res = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${token}` } })
    const text = await res.text()
    return { ms: performance.now() - t0, bytes: text.length, body: JSON.parse(text) }
  }
  const full: number[] = []
  let bytes = 0
  let cursor = ''
  for (let i = 0; i < 25; i++) {
    const r = await get('/books')
    full.push(r.ms)
    bytes = r.bytes
    cursor = r.body.cursor
    if (r.body.data.length !== 5000) throw new Error(`expected 5000 books, got ${r.body.data.length}`)
  }
  const since: number[] = []
  for (let i = 0; i < 25; i++) since.push((await get(`/books?since=${cursor}`)).ms)
  console.log(`3. GET /api/books with 5,000 books (${(bytes / 1024 / 1024).toFixed(2)} MB): ${fmt(full.slice(5))}`)
  console.log(`   GET /api/books?since=<latest> (nothing new): ${fmt(since.slice(5))}`)
}

/** BENCH_ONLY=flush: just section 2, batched (a quick before/after of a sync change). */
const flushOnly = process.env.BENCH_ONLY === 'flush'
const server = await startTestServer()
const http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' })
await new Promise((resolve) => http.once('listening', resolve))
const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api`
console.log(`database: ${server.deps.database.kind}; node ${process.version}`)
try {
  if (!flushOnly) {
    console.log('1. Dexie (fake-indexeddb) holding 5,000 books: a write until a live query shows it')
    const reader = (await quickAccount(server)).user
    await benchLiveQuery(reader, 'first page (50)', { limit: 50 })
    await benchLiveQuery(reader, 'whole list (5,000)', {})
  }

  console.log('2. Flush 1,000 queued mutations (500 adds, 400 edits, 100 deletes) over HTTP:')
  for (const batchSize of flushOnly ? [100, BATCH_MAX] : [100, BATCH_MAX, 1]) {
    const { ms, left } = await benchFlush(baseUrl, await quickAccount(server), batchSize)
    const label = batchSize === 1 ? 'one call each       ' : `batches of ${batchSize}`.padEnd(20)
    console.log(
      `   ${label} ${ms.toFixed(0)} ms (${(1000 / (ms / 1000)).toFixed(0)} mutations/s), left in outbox: ${left}`,
    )
  }

  if (!flushOnly) {
    const big = await quickAccount(server)
    for (let b = 0; b < 50; b++) {
      const mutations = Array.from({ length: 100 }, (_, i) => ({
        key: crypto.randomUUID(),
        kind: 'book.create',
        data: {
          title: `Shelf ${b * 100 + i}`,
          author: `Author ${i}`,
          rating: (i % 5) + 1,
          review: i % 3 ? null : 'Some words about it.',
        },
      }))
      const res = await server.api('POST', '/api/books/batch', { token: big.token, body: { mutations } })
      if (res.status !== 200) throw new Error(`seed batch ${res.status}`)
    }
    await benchGet(baseUrl, big.token)
  }
} finally {
  http.close()
  await server.close()
}
