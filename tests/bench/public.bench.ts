// Public list figures: node_modules/.bin/tsx tests/bench/public.bench.ts
// GET /api/public/{slug} of a list with 200 books, 50 concurrent keep-alive connections for ~5 s
// (BENCH_SECONDS), against a real server listening on 127.0.0.1: on PGlite, on PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database on it), and through a bare Hono
// route answering the same JSON without the database (the baseline: HTTP, routing and JSON alone;
// the target is ≥ 0.8× of it). After each run the batched view counts are flushed and checked: every
// answered load must have counted exactly one view. With PGlite, the database runs on this same
// thread as the load generator (http-load.ts). Prints figures; asserts nothing about timings (a
// view count mismatch exits 1).
import { Hono } from 'hono'
import { randomUUID } from 'node:crypto'
import { flushViews } from '~/server/services/view-counter'
import { sql, type TestServer } from '../integration/harness'
import {
  CONNECTIONS,
  SECONDS,
  WARMUP_SECONDS,
  databases,
  listen,
  load,
  measure,
  printTable,
  startOn,
  type Result,
} from './http-load'

const BOOKS = 200
const SLUG = 'bench-list'
let mismatches = 0

/** An owner, a list with a slug and BOOKS books, written straight to the database. */
async function seed(s: TestServer) {
  const accountId = randomUUID()
  const userId = randomUUID()
  await s.query(sql`insert into users (id, name, email) values (${userId}, 'Bench Reader', ${`${userId}@example.com`})`)
  await s.query(sql`insert into accounts (id, name, slug, plan) values (${accountId}, 'Bench', ${SLUG}, 'free')`)
  await s.query(sql`insert into memberships (user_id, account_id, role) values (${userId}, ${accountId}, 'owner')`)
  await s.query(sql`
    insert into books (id, account_id, title, author, rating, review, started_at, finished_at, image_url, version, created_at)
    select gen_random_uuid()::text, ${accountId}, 'Book ' || i, 'Author ' || (i % 37),
      case when i % 3 = 0 then null else 1 + i % 5 end,
      case when i % 4 = 0 then 'A review of book ' || i || ' that runs a little longer than a title does.' end,
      case when i % 2 = 0 then '2024-01-01' end, case when i % 6 = 0 then '2024-02-01' end,
      'https://covers.example.com/' || i || '.jpg', i, now() - make_interval(mins => i)
    from generate_series(1, ${BOOKS}) as i`)
  return accountId
}

async function benchDatabase(label: string, url: string | undefined): Promise<{ result: Result; payload: unknown }> {
  const s = await startOn(url)
  try {
    const accountId = await seed(s)
    const server = await listen(s.app.fetch)
    const target = `${server.url}/api/public/${SLUG}`
    const first = await fetch(target)
    if (first.status !== 200) throw new Error(`${label}: GET ${target} answered ${first.status}`)
    const payload = await first.json()
    await flushViews(s.deps.db)
    const [before] = await s.query<{ views: number }>(sql`select views from accounts where id = ${accountId}`)
    const warm = await load(`${label} warm-up`, target, WARMUP_SECONDS)
    const result = await load(label, target, SECONDS)
    await server.close()
    await flushViews(s.deps.db)
    const [after] = await s.query<{ views: number }>(sql`select views from accounts where id = ${accountId}`)
    const counted = Number(after!.views) - Number(before!.views)
    const expected = warm.requests - warm.errors + result.requests - result.errors
    console.log(
      `   ${label}: ${counted} views counted (after a flush) for ${expected} answered loads${counted === expected ? ': exact' : '  ← MISMATCH'}`,
    )
    if (counted !== expected) mismatches++
    return { result, payload }
  } finally {
    await s.close()
  }
}
async function benchBaseline(payload: unknown): Promise<Result> {
  const app = new Hono()
  // The same answer from an object in memory, serialised per request as a plain route does; no
  // database, no middleware. (It once also parsed the JSON per request: a slower bar.)
  app.get('/api/public/:slug', (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.json(payload as object)
  })
  const server = await listen(app.fetch)
  const url = `${server.url}/api/public/${SLUG}`
  const result = await measure('bare Hono route (no database)', url)
  await server.close()
  return result
}

console.log(
  `GET /api/public/{slug}: ${BOOKS} books, ${CONNECTIONS} connections, ${SECONDS} s per run (after ${WARMUP_SECONDS} s warm-up), loopback`,
)
const results: Result[] = []
let payload: unknown
for (const db of databases()) {
  const run = await benchDatabase(db.label, db.url)
  results.push(run.result)
  payload ??= run.payload
}
const baseline = await benchBaseline(payload)
results.push(baseline)
printTable(results, () => baseline, 'vs baseline')
for (const r of results.slice(0, -1))
  console.log(
    `${r.name}: ${((r.rps / baseline.rps) * 100).toFixed(0)}% of the baseline's throughput (target ≥ 80%), p99 ${(r.p99 / baseline.p99).toFixed(1)}× the baseline's`,
  )
process.exit(mismatches ? 1 : 0)
