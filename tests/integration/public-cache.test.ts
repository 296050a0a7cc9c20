import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { lastDays } from '~/server/services/stats'
import { flushViews, pendingViews } from '~/server/services/view-counter'
import { keyOwner, makeKey } from './api-keys-kit'
import { sql, startTestServer, type TestServer } from './harness'

// The public list cache and batched views (decision 45): the public list
// is served from a per-process cache, so every write to a list must show on its next load; the
// answers carry an ETag and honour If-None-Match; views are counted in memory and written in
// batches, exactly. GET /api/books keeps the whole list per change counter: a write shows at once.

type Reader = Awaited<ReturnType<TestServer['signUp']>>
let s: TestServer
let ana: Reader
let ben: Reader
const SLUG = 'ana-cached'

const list = async (slug = SLUG, headers: Record<string, string> = {}, token?: string) =>
  s.api('GET', `/api/public/${slug}`, { headers, token })
const titles = async () => (await list()).body.data.books.map((b: { title: string }) => b.title)
const add = async (title: string) => {
  const res = await s.api('POST', '/api/books', { token: ana.token, body: { title } })
  expect(res.status).toBe(201)
  return res.body.data as { id: string }
}

beforeAll(async () => {
  s = await startTestServer()
  ;[ana, ben] = await Promise.all([s.signUp({ name: 'Ana Cached' }), s.signUp({ name: 'Ben' })])
  expect((await s.api('PATCH', '/api/url', { token: ana.token, body: { slug: SLUG } })).status).toBe(200)
  await add('First')
})
afterAll(() => s.close())

describe('every write to a list shows on its next public load', () => {
  test('create, change, delete and batch (imports are batches)', async () => {
    expect(await titles()).toEqual(['First'])
    const second = await add('Second')
    expect(await titles()).toEqual(['Second', 'First'])
    expect(
      (await s.api('PATCH', `/api/books/${second.id}`, { token: ana.token, body: { title: 'Second, renamed' } }))
        .status,
    ).toBe(200)
    expect(await titles()).toEqual(['Second, renamed', 'First'])
    expect((await s.api('DELETE', `/api/books/${second.id}`, { token: ana.token })).status).toBe(200)
    expect(await titles()).toEqual(['First'])
    const batch = await s.api('POST', '/api/books/batch', {
      token: ana.token,
      body: {
        mutations: [
          { key: randomUUID(), kind: 'book.create', data: { id: randomUUID(), title: 'Imported', source: 'import' } },
        ],
      },
    })
    expect(batch.status).toBe(200)
    expect(await titles()).toEqual(['Imported', 'First'])
  })

  test('a write through an API key, and a copy added from another list', async () => {
    const owner = await keyOwner(s, 'Kay')
    expect((await s.api('PATCH', '/api/url', { token: owner.token, body: { slug: 'kay-cached' } })).status).toBe(200)
    const shown = async () => (await list('kay-cached')).body.data.books.map((b: { title: string }) => b.title)
    expect(await shown()).toEqual([])
    const key = await makeKey(s, owner, ['books.write'])
    expect((await s.api('POST', '/api/books', { token: key.full_key, body: { title: 'By key' } })).status).toBe(201)
    expect(await shown()).toEqual(['By key'])
    const [first] = (await list()).body.data.books
    expect((await s.api('POST', `/api/add/${first.id}`, { token: owner.token })).status).toBe(201)
    expect(await shown()).toEqual([first.title, 'By key'])
  })

  test('the owner’s name and avatar', async () => {
    const avatar = 'https://images.example.com/ana.png'
    expect(
      (await s.api('PATCH', '/api/user', { token: ana.token, body: { name: 'Ana Renamed', avatar } })).status,
    ).toBe(200)
    expect((await list()).body.data.account).toEqual({ id: ana.user.account_id, owner_name: 'Ana Renamed', avatar })
    expect(
      (await s.api('PATCH', '/api/user', { token: ana.token, body: { name: 'Ana Cached', avatar: '' } })).status,
    ).toBe(200)
    expect((await list()).body.data.account.owner_name).toBe('Ana Cached')
  })

  test('a slug change and a closed account are 404 at once', async () => {
    const cleo = await s.signUp({ name: 'Cleo' })
    expect((await s.api('PATCH', '/api/url', { token: cleo.token, body: { slug: 'cleo-one' } })).status).toBe(200)
    expect((await list('cleo-one')).status).toBe(200)
    expect((await s.api('PATCH', '/api/url', { token: cleo.token, body: { slug: 'cleo-two' } })).status).toBe(200)
    expect((await list('cleo-one')).status).toBe(404)
    expect((await list('cleo-two')).status).toBe(200)
    expect((await s.api('DELETE', '/api/account', { token: cleo.token, body: { confirm: 'Cleo' } })).status).toBe(200)
    expect((await list('cleo-two')).status).toBe(404)
  })
})

describe('ETag and If-None-Match', () => {
  test('an unchanged list is 304 with its ETag; a changed one has a new ETag', async () => {
    const first = await list()
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/".+"$/)
    expect(first.headers.get('vary')).toMatch(/authorization/i)
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const again = await s.app.request(`/api/public/${SLUG}`, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('vary')).toMatch(/authorization/i)
    expect(await again.text()).toBe('')
    // Any of several tags, strong or weak, matches; another tag does not.
    expect((await list(SLUG, { 'if-none-match': `"other", ${etag.slice(2)}` })).status).toBe(304)
    expect((await list(SLUG, { 'if-none-match': '"other"' })).status).toBe(200)

    await add('Changes the tag')
    const changed = await list(SLUG, { 'if-none-match': etag })
    expect(changed.status).toBe(200)
    expect(changed.body.data.books[0].title).toBe('Changes the tag')
    expect(changed.headers.get('etag')).not.toBe(etag)
    expect((await list(SLUG, { 'if-none-match': changed.headers.get('etag')! })).status).toBe(304)
  })

  test('the viewer part is in the tag: one bearer’s answer never matches another’s', async () => {
    const anon = (await list()).headers.get('etag')!
    const asBen = await list(SLUG, {}, ben.token)
    const asAna = await list(SLUG, {}, ana.token)
    expect(asBen.body.data.viewer).toEqual({ account_id: ben.user.account_id, own: false })
    expect(new Set([anon, asBen.headers.get('etag'), asAna.headers.get('etag')]).size).toBe(3)
    expect((await list(SLUG, { 'if-none-match': anon }, ben.token)).status).toBe(200)
    expect((await list(SLUG, { 'if-none-match': asBen.headers.get('etag')! }, ben.token)).status).toBe(304)
  })
})

describe('the answer a visitor gets is kept as bytes', () => {
  test('a title beyond ASCII reads back the same, load after load, and a write replaces it', async () => {
    const title = 'Zoë’s 日本の本 — naïve ☕'
    const book = await add(title)
    const first = await list()
    const again = await list()
    expect(first.body.data.books[0].title).toBe(title)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(again.headers.get('content-type')).toMatch(/^application\/json/)
    // A viewer's answer is its own, never the visitor's bytes.
    expect((await list(SLUG, {}, ben.token)).body.data.viewer).toEqual({ account_id: ben.user.account_id, own: false })
    expect((await list()).body.data.viewer).toBeUndefined()
    expect((await s.api('PATCH', `/api/books/${book.id}`, { token: ana.token, body: { title: 'Plain' } })).status).toBe(200)
    expect((await list()).body.data.books[0].title).toBe('Plain')
    expect((await s.api('DELETE', `/api/books/${book.id}`, { token: ana.token })).status).toBe(200)
  })
})

describe('batched view counting', () => {
  test('N loads (304s included) are exactly N views after a flush, in the total and today’s row', async () => {
    const id = ana.user.account_id
    await flushViews(s.deps.db)
    const read = async () => {
      const [row] = await s.query<{ views: number }>(sql`select views from accounts where id = ${id}`)
      const [day] = await s.query<{ count: number }>(
        sql`select count from account_daily_views where account_id = ${id} and day = ${lastDays(1)[0]!}`,
      )
      return { total: Number(row!.views), today: Number(day?.count ?? 0) }
    }
    const before = await read()
    const etag = (await list()).headers.get('etag')!
    const N = 25
    await Promise.all(Array.from({ length: N - 1 }, (_, i) => list(SLUG, i % 2 ? { 'if-none-match': etag } : {})))
    // The owner's own load is no view.
    await list(SLUG, {}, ana.token)
    expect(pendingViews(s.deps.db)).toBe(N)
    expect(await read()).toEqual(before)
    await flushViews(s.deps.db)
    expect(pendingViews(s.deps.db)).toBe(0)
    expect(await read()).toEqual({ total: before.total + N, today: before.today + N })
    // The dashboard writes this process's pending views before it reads them.
    await list()
    const demo = await s.api('GET', '/api/demo', { token: ana.token })
    expect(demo.body.data.stats.views).toBe(before.total + N + 1)
    expect(demo.body.data.charts.views_per_day.at(-1).count).toBe(before.today + N + 1)
  })
})

describe('GET /api/books', () => {
  test('a write shows on the next read; the cursor of an unchanged list answers no changes', async () => {
    const full = await s.api('GET', '/api/books', { token: ben.token })
    expect(full.body).toMatchObject({ data: [], deleted: [], reset: true })
    const cursor = full.body.cursor as string
    expect(await s.api('GET', `/api/books?since=${cursor}`, { token: ben.token })).toMatchObject({
      status: 200,
      body: { data: [], deleted: [], cursor, reset: false },
    })
    const made = await s.api('POST', '/api/books', { token: ben.token, body: { title: 'Ben’s book' } })
    const after = await s.api('GET', '/api/books', { token: ben.token })
    expect(after.body.data.map((b: { id: string }) => b.id)).toEqual([made.body.data.id])
    expect(Number(after.body.cursor)).toBe(Number(cursor) + 1)
    const since = await s.api('GET', `/api/books?since=${cursor}`, { token: ben.token })
    expect(since.body.data.map((b: { id: string }) => b.id)).toEqual([made.body.data.id])
    expect(since.body.reset).toBe(false)
    // Tenant isolation: Ana's cached list is not Ben's.
    expect(
      (await s.api('GET', '/api/books', { token: ana.token })).body.data.some(
        (b: { id: string }) => b.id === made.body.data.id,
      ),
    ).toBe(false)
  })
})
