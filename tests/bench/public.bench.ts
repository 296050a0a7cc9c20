// Public list figures: node_modules/.bin/tsx tests/bench/public.bench.ts
// GET /api/public/{slug} of a list with 200 books, 50 concurrent keep-alive connections for ~5 s,
// against a real server listening on 127.0.0.1 (port 0): on PGlite, on PostgreSQL when
// TEST_DATABASE_URL is set, and through a bare Hono route answering the same JSON without the
// database (the baseline: HTTP, routing and JSON alone). The load generator runs in this process
// (fetch), so it shares the CPU with the server: compare the ratios more than the absolute figures.
// p50/p99 are what the client saw (including waiting in front of a saturated server); "app" columns
// are the time inside the app's handler alone. With PGlite, the database runs on this same thread,
// so the process is saturated and fetch's connection handling lets a few requests wait until the
// run ends (client p99 ≈ run length); node:http clients do not show that tail.
// Prints figures; asserts nothing about timings.
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { sql, startTestServer } from '../integration/harness'

const BOOKS = 200
const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const WARMUP_SECONDS = 1
const SLUG = 'bench-list'

interface Result {
  name: string
  requests: number
  rps: number
  p50: number
  p99: number
  errors: number
  bytes: number
  /** Time inside the app's fetch handler (no socket, no queueing in front of it). */
  appP50: number
  appP99: number
}

/** Handler times of the server under test, reset at the start of each measured run. */
let appTimes: number[] = []

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

/** `connections` workers each looping request → full body until the deadline. */
async function load(name: string, url: string, seconds: number): Promise<Result> {
  const latencies: number[] = []
  appTimes = []
  let errors = 0
  let bytes = 0
  const started = performance.now()
  const deadline = started + seconds * 1000
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now()
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
        const body = await res.arrayBuffer()
        bytes = body.byteLength
        if (res.status !== 200) errors++
      } catch {
        errors++
      }
      latencies.push(performance.now() - t0)
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, worker))
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const app = [...appTimes].sort((a, b) => a - b)
  return {
    name,
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    errors,
    bytes,
    appP50: pct(app, 50),
    appP99: pct(app, 99),
  }
}

async function listen(
  fetchHandler: (req: Request) => Response | Promise<Response>,
): Promise<{ url: string; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    const timed = async (req: Request) => {
      const t0 = performance.now()
      const res = await fetchHandler(req)
      appTimes.push(performance.now() - t0)
      return res
    }
    const server = serve({ fetch: timed, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            ;(server as Server).closeAllConnections?.()
            server.close(() => done())
          }),
      })
    })
  })
}

/** An owner, a list with a slug and BOOKS books, written straight to the database. */
async function seed(s: Awaited<ReturnType<typeof startTestServer>>) {
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

async function benchDatabase(
  label: string,
  env: Record<string, string | undefined>,
): Promise<{ result: Result; payload: unknown }> {
  const saved = process.env.TEST_DATABASE_URL
  if (env.TEST_DATABASE_URL === undefined) delete process.env.TEST_DATABASE_URL
  else process.env.TEST_DATABASE_URL = env.TEST_DATABASE_URL
  const s = await startTestServer()
  if (saved === undefined) delete process.env.TEST_DATABASE_URL
  else process.env.TEST_DATABASE_URL = saved
  try {
    const accountId = await seed(s)
    const server = await listen(s.app.fetch)
    const url = `${server.url}/api/public/${SLUG}`
    const first = await fetch(url)
    if (first.status !== 200) throw new Error(`${label}: GET ${url} answered ${first.status}`)
    const payload = await first.json()
    await load(`${label} warm-up`, url, WARMUP_SECONDS)
    const [before] = await s.query<{ views: number }>(sql`select views from accounts where id = ${accountId}`)
    const result = await load(label, url, SECONDS)
    const [after] = await s.query<{ views: number }>(sql`select views from accounts where id = ${accountId}`)
    const counted = Number(after!.views) - Number(before!.views)
    const expected = result.requests - result.errors
    console.log(
      `   ${label}: ${counted} views counted for ${expected} answered loads${counted === expected ? '' : '  ← MISMATCH'}`,
    )
    await server.close()
    return { result, payload }
  } finally {
    await s.close()
  }
}

async function benchBaseline(payload: unknown): Promise<Result> {
  const app = new Hono()
  const body = JSON.stringify(payload)
  // The same answer, re-serialised per request as the real route does, with no database.
  app.get('/api/public/:slug', (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.json(JSON.parse(body) as object)
  })
  const server = await listen(app.fetch)
  const url = `${server.url}/api/public/${SLUG}`
  await load('baseline warm-up', url, WARMUP_SECONDS)
  const result = await load('bare Hono route (no database)', url, SECONDS)
  await server.close()
  return result
}

const pgUrl = process.env.TEST_DATABASE_URL
if (pgUrl && !/^postgres(ql)?:\/\/([^@/]*@)?(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(pgUrl)) {
  console.error('TEST_DATABASE_URL must name a loopback server for this benchmark')
  process.exit(1)
}

console.log(
  `GET /api/public/{slug}: ${BOOKS} books, ${CONNECTIONS} connections, ${SECONDS} s per run (after ${WARMUP_SECONDS} s warm-up), loopback`,
)
const results: Result[] = []
const pglite = await benchDatabase('PGlite (in-memory)', { TEST_DATABASE_URL: undefined })
results.push(pglite.result)
if (pgUrl) results.push((await benchDatabase('PostgreSQL', { TEST_DATABASE_URL: pgUrl })).result)
const baseline = await benchBaseline(pglite.payload)
results.push(baseline)

const rows = results.map((r) => [
  r.name,
  r.rps.toFixed(0),
  r.p50.toFixed(1),
  r.p99.toFixed(1),
  r.appP50.toFixed(1),
  r.appP99.toFixed(1),
  String(r.requests),
  String(r.errors),
  `${(r.bytes / 1024).toFixed(1)} KiB`,
  `${(r.rps / baseline.rps).toFixed(2)}×`,
])
const head = [
  'scenario',
  'req/s',
  'p50 ms',
  'p99 ms',
  'app p50',
  'app p99',
  'requests',
  'errors',
  'body',
  'vs baseline',
]
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
console.log()
console.log(line(head))
console.log(widths.map((w) => '-'.repeat(w)).join('  '))
for (const r of rows) console.log(line(r))
console.log()
for (const r of results.slice(0, -1))
  console.log(
    `${r.name}: ${((r.rps / baseline.rps) * 100).toFixed(0)}% of the baseline's throughput, p99 ${(r.p99 / baseline.p99).toFixed(1)}× the baseline's`,
  )
process.exit(0)
