import { afterAll, beforeAll, expect, test } from 'vitest'
import { flushViews } from '~/server/services/view-counter'
import { sql, startTestServer, type TestServer } from './harness'
import { startServer, type ServerProcess } from './processes'
import { remoteApi } from './remote'

// The public list cache across processes (decision 45): this
// test's in-process server (A) and a real server process (B) share one PostgreSQL database. A
// keeps the public list and the books list in its cache; writes made through B show on A's very
// next load, a slug changed through B is 404 through A at once, and the views both counted are
// all in the database once A flushes and B stops (a graceful stop writes its pending views).
// Runs in the PostgreSQL pass (TEST_DATABASE_URL).

let a: TestServer
let b: ServerProcess
let B: ReturnType<typeof remoteApi>

beforeAll(async () => {
  a = await startTestServer()
  b = await startServer({ DATABASE_URL: a.deps.config.DATABASE_URL! })
  B = remoteApi(b.url)
}, 120_000)
afterAll(async () => {
  await b?.stop()
  await a?.close()
})

test('a write through another process shows on this process’s next load; its views are kept', async () => {
  const ana = await a.signUp({ name: 'Ana Two' })
  expect((await a.api('PATCH', '/api/url', { token: ana.token, body: { slug: 'ana-two' } })).status).toBe(200)
  expect((await a.api('POST', '/api/books', { token: ana.token, body: { title: 'First' } })).status).toBe(201)
  const titlesAtA = async () => (await a.api('GET', '/api/public/ana-two')).body.data.books.map((x: any) => x.title)
  const ownAtA = async () => (await a.api('GET', '/api/books', { token: ana.token })).body.data.map((x: any) => x.title)
  expect(await titlesAtA()).toEqual(['First'])
  expect(await ownAtA()).toEqual(['First'])
  const etag = (await a.api('GET', '/api/public/ana-two')).headers.get('etag')!

  expect((await B.api('POST', '/api/books', { token: ana.token, body: { title: 'Written by B' } })).status).toBe(201)
  expect(await titlesAtA()).toEqual(['Written by B', 'First'])
  expect(await ownAtA()).toEqual(['Written by B', 'First'])
  expect((await a.api('GET', '/api/public/ana-two', { headers: { 'if-none-match': etag } })).status).toBe(200)

  expect((await B.api('PATCH', '/api/user', { token: ana.token, body: { name: 'Ana Renamed' } })).status).toBe(200)
  expect((await a.api('GET', '/api/public/ana-two')).body.data.account.owner_name).toBe('Ana Renamed')

  // Views counted by both processes: A’s 5 loads of the list above, 3 through B, 1 more through A.
  for (let i = 0; i < 3; i++) expect((await B.api('GET', '/api/public/ana-two')).status).toBe(200)
  expect((await B.api('PATCH', '/api/url', { token: ana.token, body: { slug: 'ana-moved' } })).status).toBe(200)
  expect((await a.api('GET', '/api/public/ana-two')).status).toBe(404)
  expect((await a.api('GET', '/api/public/ana-moved')).status).toBe(200)

  expect((await b.stop()).code).toBe(0)
  await flushViews(a.deps.db)
  const [row] = await a.query<{ views: number }>(sql`select views from accounts where id = ${ana.user.account_id}`)
  expect(Number(row!.views)).toBe(5 + 3 + 1)
}, 120_000)
