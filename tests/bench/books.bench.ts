// Authenticated read figures: node_modules/.bin/tsx tests/bench/books.bench.ts
// GET /api/books (a reader's whole list, with their session token) for a list of 50 and one of
// 5,000 books, beside GET /api/health (no database, no credentials), 50 concurrent keep-alive
// connections for ~5 s each (BENCH_SECONDS), against the real app listening on 127.0.0.1: on
// PGlite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database
// on it). Target: the 50-book list at ≥ 0.5× /api/health's req/s on PostgreSQL. The load
// generator shares this process (http-load.ts). Prints figures; asserts nothing about timings.
import { sql, type TestServer } from '../integration/harness'
import {
  CONNECTIONS,
  SECONDS,
  WARMUP_SECONDS,
  databases,
  listen,
  measure,
  printTable,
  startOn,
  type Result,
} from './http-load'

const SIZES = [50, 5000]

/** A signed-up reader holding `n` books (written straight to the database, numbered like writes). */
async function reader(s: TestServer, n: number) {
  const { token, user } = await s.signUp({ name: `Bench ${n}` })
  const accountId: string = user.account_id
  await s.query(sql`
    insert into books (id, account_id, title, author, rating, review, started_at, finished_at, image_url, version, created_at)
    select gen_random_uuid()::text, ${accountId}, 'Book ' || i, 'Author ' || (i % 37),
      case when i % 3 = 0 then null else 1 + i % 5 end,
      case when i % 4 = 0 then 'A review of book ' || i || ' that runs a little longer than a title does.' end,
      case when i % 2 = 0 then '2024-01-01' end, case when i % 6 = 0 then '2024-02-01' end,
      'https://covers.example.com/' || i || '.jpg', i, now() - make_interval(mins => i)
    from generate_series(1, ${n}) as i`)
  await s.query(sql`update accounts set change_counter = ${n} where id = ${accountId}`)
  return { headers: { authorization: `Bearer ${token}` } }
}

const results: Result[] = []
const healthOf = new Map<Result, Result>()
console.log(
  `GET /api/books (${SIZES.join(' and ')} books) beside GET /api/health: ${CONNECTIONS} connections, ${SECONDS} s per run (after ${WARMUP_SECONDS} s warm-up), loopback`,
)
for (const db of databases()) {
  const s = await startOn(db.url)
  try {
    const readers = []
    for (const n of SIZES) readers.push({ n, ...(await reader(s, n)) })
    const server = await listen(s.app.fetch)
    const health = await measure(`${db.label}: /api/health`, `${server.url}/api/health`)
    results.push(health)
    healthOf.set(health, health)
    for (const r of readers) {
      const url = `${server.url}/api/books`
      const first = await fetch(url, { headers: r.headers })
      const count = ((await first.json()) as { data: unknown[] }).data?.length
      if (first.status !== 200 || count !== r.n)
        throw new Error(`${db.label}: GET /api/books answered ${first.status} with ${count} books`)
      const result = await measure(`${db.label}: /api/books, ${r.n} books`, url, r.headers)
      results.push(result)
      healthOf.set(result, health)
    }
    await server.close()
  } finally {
    await s.close()
  }
}
printTable(results, (r) => healthOf.get(r)!, 'vs /api/health')
for (const r of results.filter((r) => !r.name.endsWith('/api/health')))
  console.log(
    `${r.name}: ${((r.rps / healthOf.get(r)!.rps) * 100).toFixed(0)}% of /api/health's req/s, p99 ${r.p99.toFixed(0)} ms`,
  )
process.exit(0)
