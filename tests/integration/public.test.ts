import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { lastDays, percentChange } from '~/server/services/stats'
import { flushViews } from '~/server/services/view-counter'
import { sql, startTestServer, type TestServer } from './harness'

// The shared list: GET /api/public/{slug}, POST /api/add/{bookId}, GET /api/demo,
// GET /api/account/usage; view counting; tenant isolation; no private fields in public answers.

type Reader = Awaited<ReturnType<TestServer['signUp']>>
let s: TestServer
let ana: Reader
let ben: Reader
const anaBooks: Record<string, any> = {}

const PUBLIC_BOOK_KEYS = [
  'author',
  'finished',
  'finished_at',
  'id',
  'imageUrl',
  'rating',
  'review',
  'started',
  'started_at',
  'status',
  'title',
]

const newBook = async (token: string, body: Record<string, unknown>) => {
  const res = await s.api('POST', '/api/books', { token, body })
  expect(res.status).toBe(201)
  return res.body.data
}
// Views are counted in memory and written in batches (services/view-counter.ts): flushed first.
const views = async (accountId: string) => {
  await flushViews(s.deps.db)
  const [row] = await s.query<{ views: string | number }>(sql`select views from accounts where id = ${accountId}`)
  return Number(row!.views)
}
const daily = async (accountId: string) => {
  await flushViews(s.deps.db)
  return s.query<{ day: string; count: number }>(
    sql`select day::text as day, count from account_daily_views where account_id = ${accountId} order by day`,
  )
}
const add = (token: string | undefined, bookId: string, opts: { key?: string; lang?: string } = {}) =>
  s.api('POST', `/api/add/${bookId}`, {
    token,
    lang: opts.lang,
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
  })

/** Every key anywhere in a JSON value. */
function allKeys(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) allKeys(v, out)
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k)
      allKeys(v, out)
    }
  return out
}

beforeAll(async () => {
  s = await startTestServer()
  ;[ana, ben] = await Promise.all([s.signUp({ name: 'Ana Reads' }), s.signUp({ name: 'Ben' })])
  expect((await s.api('PATCH', '/api/url', { token: ana.token, body: { slug: 'Ana-List' } })).status).toBe(200)
  anaBooks.dune = await newBook(ana.token, {
    title: 'Dune',
    author: 'Frank Herbert',
    rating: 5,
    review: 'Spice.',
    started_at: '2024-01-02',
    finished_at: '2024-02-03',
    imageUrl: 'https://covers.example.com/dune.jpg',
  })
  anaBooks.emma = await newBook(ana.token, { title: 'Emma', author: 'Jane Austen', started_at: '2024-03-01' })
  anaBooks.gone = await newBook(ana.token, { title: 'Deleted one' })
  await s.api('DELETE', `/api/books/${anaBooks.gone.id}`, { token: ana.token })
  anaBooks.walden = await newBook(ana.token, { title: 'Walden' })
  await newBook(ben.token, { title: "Ben's secret book", review: 'mine only' })
})
afterAll(() => s.close())

describe('GET /api/public/:slug', () => {
  test('answers the live books with public fields only and the owner', async () => {
    const res = await s.api('GET', '/api/public/Ana-List')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const { data } = res.body
    expect(Object.keys(data).sort()).toEqual(['account', 'affiliate_tag', 'books'])
    // The retailer links' tag is the server's AFFILIATE_TAG (here its default).
    expect(data.affiliate_tag).toBe('tbrlist-20')
    expect(data.account).toEqual({ id: ana.user.account_id, owner_name: 'Ana Reads', avatar: null })
    expect(data.books.map((b: any) => b.title)).toEqual(['Walden', 'Emma', 'Dune'])
    for (const b of data.books) expect(Object.keys(b).sort()).toEqual(PUBLIC_BOOK_KEYS)
    expect(data.books[2]).toEqual({
      id: anaBooks.dune.id,
      title: 'Dune',
      author: 'Frank Herbert',
      rating: 5,
      review: 'Spice.',
      started_at: '2024-01-02',
      finished_at: '2024-02-03',
      started: true,
      finished: true,
      status: 'finished',
      imageUrl: 'https://covers.example.com/dune.jpg',
    })
    expect(data.books[1]).toMatchObject({ status: 'reading', started: true, finished: false })
    expect(data.books[0]).toMatchObject({ status: 'not_started', started: false, finished: false })
  })

  test('leaks nothing private: no emails, passwords, tokens or account internals', async () => {
    for (const token of [undefined, ana.token, ben.token]) {
      const res = await s.api('GET', '/api/public/ana-list', { token })
      const keys = [...allKeys(res.body)]
      expect(
        keys.filter((k) =>
          /email|password|token|secret|hash|session|version|counter|views|plan|slug|created|updated|deleted/i.test(k),
        ),
      ).toEqual([])
      const text = JSON.stringify(res.body)
      expect(text).not.toContain(ana.email)
      expect(text).not.toContain(ben.email)
      expect(text).not.toContain(ana.token)
      expect(text).not.toContain("Ben's secret book")
    }
  })

  test('slugs match without regard to case', async () => {
    for (const slug of ['ana-list', 'ANA-LIST', 'aNa-LiSt']) {
      const res = await s.api('GET', `/api/public/${slug}`)
      expect(res.status, slug).toBe(200)
      expect(res.body.data.account.id).toBe(ana.user.account_id)
    }
  })

  test('the affiliate tag comes from the server configuration (AFFILIATE_TAG)', async () => {
    const other = await startTestServer({ AFFILIATE_TAG: 'shelf-21' })
    try {
      const reader = await other.signUp({ name: 'Tag Reader' })
      expect((await other.api('PATCH', '/api/url', { token: reader.token, body: { slug: 'tagged' } })).status).toBe(200)
      const res = await other.api('GET', '/api/public/tagged')
      expect(res.status).toBe(200)
      expect(res.body.data.affiliate_tag).toBe('shelf-21')
    } finally {
      await other.close()
    }
  })

  test('an unknown, malformed or reserved slug is a JSON 404 (in Spanish too)', async () => {
    for (const slug of ['nobody-here', 'a', 'x'.repeat(200), 'dashboard', '%3Cscript%3E', 'ana-list.json']) {
      const res = await s.api('GET', `/api/public/${slug}`)
      expect(res.status, slug).toBe(404)
      expect(res.body.message).toBe('Not found')
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
    const es = await s.api('GET', '/api/public/nobody-here', { lang: 'es' })
    expect(es.body).toEqual({ message: 'No encontrado' })
  })

  test('a reader without a slug has no public page', async () => {
    const [row] = await s.query<{ slug: string | null }>(
      sql`select slug from accounts where id = ${ben.user.account_id}`,
    )
    expect(row!.slug).toBeNull()
    expect((await s.api('GET', '/api/public/Ben')).status).toBe(404)
  })

  test('a signed-in caller learns whether the list is their own; a bad token is ignored', async () => {
    const own = await s.api('GET', '/api/public/ana-list', { token: ana.token })
    expect(own.body.data.viewer).toEqual({ account_id: ana.user.account_id, own: true })
    expect(own.headers.get('vary')).toMatch(/authorization/i)
    const visitor = await s.api('GET', '/api/public/ana-list', { token: ben.token })
    expect(visitor.body.data.viewer).toEqual({ account_id: ben.user.account_id, own: false })
    const bad = await s.api('GET', '/api/public/ana-list', { token: 'not-a-token' })
    expect(bad.status).toBe(200)
    expect(bad.body.data.viewer).toBeUndefined()
  })

  test('each load counts one view, in the account total and in today’s row', async () => {
    const id = ana.user.account_id
    const before = await views(id)
    const today = lastDays(1)[0]!
    const todayBefore = (await daily(id)).find((r) => r.day === today)?.count ?? 0
    const N = 7
    await Promise.all(Array.from({ length: N }, () => s.api('GET', '/api/public/ana-list')))
    expect(await views(id)).toBe(before + N)
    const rows = await daily(id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toEqual({ day: today, count: todayBefore + N })
    // Misses count nothing, and nobody else's counter moves.
    await s.api('GET', '/api/public/nobody-here')
    expect(await views(id)).toBe(before + N)
    expect(await views(ben.user.account_id)).toBe(0)
    expect(await daily(ben.user.account_id)).toEqual([])
    // The relaxed commit of the view count is the statement's own, not the connection's.
    const [setting] = await s.query<{ synchronous_commit: string }>(sql`show synchronous_commit`)
    expect(setting!.synchronous_commit).toBe('on')
  })

  test('a closed account has no public page', async () => {
    const id = randomUUID()
    await s.query(sql`insert into accounts (id, name, slug, closed_at) values (${id}, 'Gone', 'closed-list', now())`)
    expect((await s.api('GET', '/api/public/closed-list')).status).toBe(404)
    await s.query(sql`update accounts set closed_at = null where id = ${id}`)
    const open = await s.api('GET', '/api/public/closed-list')
    expect(open.status).toBe(200)
    expect(open.body.data).toEqual({
      books: [],
      account: { id, owner_name: '', avatar: null },
      affiliate_tag: 'tbrlist-20',
    })
  })

  test('the owner’s own loads are not views; another signed-in reader’s are', async () => {
    const id = ana.user.account_id
    const before = await views(id)
    const own = await s.api('GET', '/api/public/ana-list', { token: ana.token })
    expect(own.status).toBe(200)
    expect(own.body.data.viewer.own).toBe(true)
    expect(await views(id)).toBe(before)
    await s.api('GET', '/api/public/ana-list', { token: ben.token })
    expect(await views(id)).toBe(before + 1)
  })

  test('after a slug change the old slug is 404 at once and the views carry on', async () => {
    const id = ana.user.account_id
    const before = await views(id)
    expect((await s.api('PATCH', '/api/url', { token: ana.token, body: { slug: 'ana-new' } })).status).toBe(200)
    expect((await s.api('GET', '/api/public/ana-list')).status).toBe(404)
    expect((await s.api('GET', '/api/public/Ana-New')).status).toBe(200)
    expect(await views(id)).toBe(before + 1)
    expect((await s.api('PATCH', '/api/url', { token: ana.token, body: { slug: 'Ana-List' } })).status).toBe(200)
  })
})

describe('POST /api/add/:bookId', () => {
  test('copies a public book into the visitor’s list; it arrives in their since-pull', async () => {
    const cursor = (await s.api('GET', '/api/books', { token: ben.token })).body.cursor
    const res = await add(ben.token, anaBooks.dune.id)
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Book added')
    const copy = res.body.data
    expect(copy.id).not.toBe(anaBooks.dune.id)
    expect(copy).toMatchObject({
      title: 'Dune',
      author: 'Frank Herbert',
      imageUrl: 'https://covers.example.com/dune.jpg',
      rating: null,
      review: null,
      started_at: null,
      finished_at: null,
      status: 'not_started',
      account_id: ben.user.account_id,
    })
    const pull = await s.api('GET', `/api/books?since=${cursor}`, { token: ben.token })
    expect(pull.body.data.map((b: any) => b.id)).toEqual([copy.id])
    expect(Number(pull.body.cursor)).toBeGreaterThan(Number(cursor))
    // The owner's list is untouched and never shows the visitor's copy.
    const anaList = (await s.api('GET', '/api/books', { token: ana.token })).body.data
    expect(anaList.map((b: any) => b.id)).not.toContain(copy.id)
    expect((await s.api('GET', '/api/public/ana-list')).body.data.books).toHaveLength(3)
  })

  test('the same Idempotency-Key adds once and replays the first answer', async () => {
    const key = `add-${randomUUID()}`
    const first = await add(ben.token, anaBooks.emma.id, { key })
    expect(first.status).toBe(201)
    const again = await add(ben.token, anaBooks.emma.id, { key })
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
    const list = (await s.api('GET', '/api/books', { token: ben.token })).body.data
    expect(list.filter((b: any) => b.title === 'Emma')).toHaveLength(1)
    // The key for another book is a reuse: 422, nothing added.
    const reused = await add(ben.token, anaBooks.walden.id, { key })
    expect(reused.status).toBe(422)
    expect(
      (await s.api('GET', '/api/books', { token: ben.token })).body.data.some((b: any) => b.title === 'Walden'),
    ).toBe(false)
    // A malformed key is a 400 naming the header.
    const bad = await add(ben.token, anaBooks.walden.id, { key: 'has space' })
    expect(bad.status).toBe(400)
    expect(bad.body.inputError).toBe('Idempotency-Key')
  })

  test('a replay after the owner edited the book is still the first call', async () => {
    const key = `add-${randomUUID()}`
    const first = await add(ben.token, anaBooks.walden.id, { key })
    expect(first.status).toBe(201)
    await s.api('PATCH', `/api/books/${anaBooks.walden.id}`, {
      token: ana.token,
      body: { title: 'Walden; or, Life in the Woods' },
    })
    const again = await add(ben.token, anaBooks.walden.id, { key })
    expect(again.status).toBe(200)
    expect(again.body.data.id).toBe(first.body.data.id)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const list = (await s.api('GET', '/api/books', { token: ben.token })).body.data
    expect(list.filter((b: any) => b.title.startsWith('Walden'))).toHaveLength(1)
  })

  test('refuses the caller’s own book with a clear message (in Spanish too)', async () => {
    const res = await add(ana.token, anaBooks.dune.id)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('You cannot add your own book: it is already on your list')
    const es = await add(ana.token, anaBooks.dune.id, { lang: 'es' })
    expect(es.body.message).toBe('No puedes añadir tu propio libro: ya está en tu lista')
    expect(
      (await s.api('GET', '/api/books', { token: ana.token })).body.data.filter((b: any) => b.title === 'Dune'),
    ).toHaveLength(1)
  })

  test('unknown, deleted and non-public books are 404; no session is 401', async () => {
    const benBook = (await s.api('GET', '/api/books', { token: ben.token })).body.data.find(
      (b: any) => b.title === "Ben's secret book",
    )
    for (const id of [randomUUID(), 'not-a-uuid', anaBooks.gone.id, benBook.id, 'x'.repeat(300)]) {
      const res = await add(ana.token, id)
      expect(res.status, id).toBe(404)
      expect(res.body.message).toBe('Not found')
    }
    expect((await add(undefined, anaBooks.dune.id)).status).toBe(401)
    expect((await add('bad-token', anaBooks.dune.id)).status).toBe(401)
  })
})

describe('GET /api/demo', () => {
  test('the caller’s figures: counts, recent books, charts, views and their change', async () => {
    const id = ana.user.account_id
    const days = lastDays(60)
    // 20 views 31–60 days ago, plus whatever today's loads added in the last 30 days.
    await s.query(
      sql`insert into account_daily_views (account_id, day, count) values (${id}, ${days[0]!}, 15), (${id}, ${days[29]!}, 5)`,
    )
    // Outside both windows: counted nowhere but in the total.
    await s.query(sql`insert into account_daily_views (account_id, day, count) values (${id}, '2001-01-01', 99)`)
    const recent = await daily(id)
    const current = recent.filter((r) => r.day >= days[30]!).reduce((n, r) => n + r.count, 0)

    const res = await s.api('GET', '/api/demo', { token: ana.token })
    expect(res.status).toBe(200)
    const { stats, books, charts } = res.body.data
    expect(stats).toEqual({
      books: 3,
      views: await views(id),
      views_30d: current,
      views_prev_30d: 20,
      views_change: percentChange(current, 20),
      slug: 'Ana-List',
      url: 'http://localhost:3000/Ana-List',
    })
    expect(books.map((b: any) => b.title)).toEqual(['Walden; or, Life in the Woods', 'Emma', 'Dune'])
    expect(books[0].account_id).toBe(id)
    expect(charts.status).toEqual({ not_started: 1, reading: 1, finished: 1 })
    expect(charts.added_per_month).toHaveLength(12)
    expect(charts.added_per_month.at(-1)).toEqual({ month: new Date().toISOString().slice(0, 7), count: 3 })
    expect(charts.added_per_month.slice(0, 11).every((m: any) => m.count === 0)).toBe(true)
    expect(charts.added_per_month.every((m: any) => /^\d{4}-\d{2}$/.test(m.month))).toBe(true)
    expect(charts.views_per_day).toHaveLength(30)
    expect(charts.views_per_day[0].day).toBe(days[30])
    expect(charts.views_per_day.at(-1).day).toBe(days[59])
    expect(charts.views_per_day.reduce((n: number, d: any) => n + d.count, 0)).toBe(current)
  })

  test('shows at most 4 books and only the caller’s account', async () => {
    const res = await s.api('GET', '/api/demo', { token: ben.token })
    const { stats, books, charts } = res.body.data
    // Ben: his own book plus the three copies he added.
    expect(stats).toMatchObject({
      books: 4,
      views: 0,
      views_30d: 0,
      views_prev_30d: 0,
      views_change: null,
      slug: null,
      url: null,
    })
    expect(books).toHaveLength(4)
    for (const b of books) expect(b.account_id).toBe(ben.user.account_id)
    expect(charts.status).toEqual({ not_started: 4, reading: 0, finished: 0 })
    expect(charts.views_per_day.every((d: any) => d.count === 0)).toBe(true)
    await newBook(ben.token, { title: 'Fifth' })
    const more = (await s.api('GET', '/api/demo', { token: ben.token })).body.data
    expect(more.stats.books).toBe(5)
    expect(more.books.map((b: any) => b.title)[0]).toBe('Fifth')
    expect(more.books).toHaveLength(4)
  })

  test('needs a session', async () => {
    expect((await s.api('GET', '/api/demo')).status).toBe(401)
  })

  test('views_change is a signed whole percentage', () => {
    expect(percentChange(112, 100)).toBe('+12%')
    expect(percentChange(95, 100)).toBe('-5%')
    expect(percentChange(100, 100)).toBe('0%')
    // Nothing in the previous period: no percentage (the card shows "new" or nothing).
    expect(percentChange(0, 0)).toBeNull()
    expect(percentChange(3, 0)).toBeNull()
    expect(percentChange(0, 4)).toBe('-100%')
    expect(percentChange(1000, 3)).toBe('+33233%')
    expect(percentChange(1001, 1000)).toBe('0%')
  })
})

describe('GET /api/account/usage', () => {
  test('the caller’s book count for the current month (in Spanish too)', async () => {
    const now = new Date()
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString()
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString()
    const res = await s.api('GET', '/api/account/usage', { token: ana.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ total: 3, label: 'books', period: { start, end }, added: 3 })
    expect(res.body.data.views).toBeGreaterThan(0)
    const es = await s.api('GET', '/api/account/usage', { token: ben.token, lang: 'es' })
    expect(es.body.data).toEqual({ total: 5, label: 'libros', period: { start, end }, added: 5, views: 0 })
  })

  test('needs a session; the other /api/account routes still answer', async () => {
    expect((await s.api('GET', '/api/account/usage')).status).toBe(401)
    expect((await s.api('GET', '/api/account/plans', { token: ana.token })).status).toBe(200)
  })
})
