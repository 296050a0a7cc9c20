import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { catalogStats } from '~/server/services/catalog'
import { startFakeCatalog, type FakeCatalog } from '../fixtures/open-library/server'
import { startTestServer, type TestServer } from './harness'

// The catalogue proxy against a local Open Library speaking its wire format (decision 48).

let upstream: FakeCatalog
let s: TestServer
let token: string

beforeAll(async () => {
  upstream = await startFakeCatalog()
  s = await startTestServer({
    CATALOG_URL: upstream.url,
    CATALOG_COVERS_URL: 'https://covers.example.org',
    // The production bound: on a busy machine a healthy look-up took more than a shorter one (and
    // answered 503); the slow catalogue of the 503 test answers after 30 s.
    CATALOG_TIMEOUT_MS: '5000',
    CATALOG_BURST: '50',
    CATALOG_RATE_PER_MIN: '6000',
  })
  token = (await s.signUp()).token
})
afterEach(() => {
  upstream.mode = 'ok'
})
afterAll(async () => {
  const total = catalogStats.hits + catalogStats.misses
  console.log(
    `catalogue cache: ${catalogStats.hits} hits / ${total} look-ups (${((100 * catalogStats.hits) / Math.max(1, total)).toFixed(0)}% hit rate), ${upstream.requests.length} upstream requests`,
  )
  await s.close()
  await upstream.close()
})

const get = (path: string, lang?: string) => s.api('GET', path, { token, lang })

test('a search answers title, author, ISBN-13, cover, pages and year; the second time from the cache', async () => {
  const before = upstream.requests.length
  const res = await get('/api/catalog/search?q=Piranesi')
  expect(res.status).toBe(200)
  expect(res.body.data).toEqual([
    {
      title: 'Piranesi',
      author: 'Susanna Clarke',
      isbn: '9781635575996',
      imageUrl: 'https://covers.example.org/b/id/10520611-M.jpg',
      pages: 272,
      year: 2020,
    },
  ])
  const sent = new URL(upstream.requests.at(-1)!, upstream.url)
  expect(sent.pathname).toBe('/search.json')
  expect(sent.searchParams.get('q')).toBe('piranesi')
  expect(sent.searchParams.get('limit')).toBe('10')
  // Case and spacing do not make a new query: the cache answers.
  const again = await get('/api/catalog/search?q=%20%20PIRANESI%20')
  expect(again.body).toEqual(res.body)
  expect(upstream.requests.length).toBe(before + 1)
})

test('an ISBN-10 is looked up as its ISBN-13, once', async () => {
  const res = await get('/api/catalog/isbn/0-14-032872-6')
  expect(res.status).toBe(200)
  expect(res.body.data).toEqual({
    title: 'Fantastic Mr. Fox',
    author: 'Roald Dahl',
    isbn: '9780140328721',
    imageUrl: 'https://covers.example.org/b/id/8739161-M.jpg',
    pages: 96,
    year: 1988,
  })
  expect(upstream.requests.at(-1)).toContain('bibkeys=ISBN%3A9780140328721')
  const count = upstream.requests.length
  expect((await get('/api/catalog/isbn/9780140328721')).body).toEqual(res.body)
  expect(upstream.requests.length).toBe(count)
})

test('an unknown ISBN is 404 and the miss is cached too', async () => {
  const res = await get('/api/catalog/isbn/9780306406157')
  expect(res.status).toBe(404)
  expect(res.body.message).toMatch(/no book with that isbn/i)
  const count = upstream.requests.length
  expect((await get('/api/catalog/isbn/9780306406157')).status).toBe(404)
  expect(upstream.requests.length).toBe(count)
})

test('a bad ISBN (check digit) or a too-short query is 400 naming the field, without asking upstream', async () => {
  const count = upstream.requests.length
  const isbn = await get('/api/catalog/isbn/9780140328722')
  expect(isbn.status).toBe(400)
  expect(isbn.body).toMatchObject({ inputError: 'isbn', message: expect.stringMatching(/not a valid isbn/i) })
  const es = await get('/api/catalog/isbn/12345', 'es')
  expect(es.body).toMatchObject({ inputError: 'isbn', message: expect.stringMatching(/no es válido/) })
  const q = await get('/api/catalog/search?q=a')
  expect(q.status).toBe(400)
  expect(q.body.inputError).toBe('q')
  expect(upstream.requests.length).toBe(count)
})

test('upstream down → 503 with a clear message; slow → 503; garbage → 502; never a 500', async () => {
  upstream.mode = 'down'
  const down = await get('/api/catalog/search?q=dune%20down')
  expect(down.status).toBe(503)
  expect(down.body.message).toMatch(/catalogue is not answering/i)
  expect(down.headers.get('retry-after')).toBeTruthy()

  upstream.mode = 'slow'
  const slow = await get('/api/catalog/isbn/9780441013593')
  expect(slow.status).toBe(503)
  expect(slow.body.message).toMatch(/catalogue is not answering/i)

  upstream.mode = 'garbage'
  const garbage = await get('/api/catalog/search?q=dune%20garbage')
  expect(garbage.status).toBe(502)
  expect(garbage.body.message).toMatch(/could not read/i)

  // Failures are not cached: once upstream is back, the same query answers.
  upstream.mode = 'ok'
  const ok = await get('/api/catalog/isbn/9780441013593')
  expect(ok.status).toBe(200)
  expect(ok.body.data).toMatchObject({ title: 'Dune', author: 'Frank Herbert', pages: 528, year: 2005 })
})

test('signed out is 401', async () => {
  expect((await s.api('GET', '/api/catalog/search?q=dune')).status).toBe(401)
})

test('the upstream rate is bounded: past the burst, look-ups answer 503 with Retry-After', async () => {
  const slowUp = await startFakeCatalog()
  const t = await startTestServer({ CATALOG_URL: slowUp.url, CATALOG_BURST: '3', CATALOG_RATE_PER_MIN: '1' })
  try {
    const me = (await t.signUp()).token
    const queries = ['fox', 'dune', 'piranesi', 'clarke', 'herbert', 'dahl']
    const answers = await Promise.all(
      queries.map((q) => t.api('GET', `/api/catalog/search?q=${q}`, { token: me })),
    )
    expect(slowUp.requests.length).toBe(3)
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3)
    const busy = answers.filter((a) => a.status === 503)
    expect(busy).toHaveLength(3)
    expect(busy[0]!.body.message).toMatch(/too many catalogue look-ups/i)
    expect(Number(busy[0]!.headers.get('retry-after'))).toBeGreaterThan(0)
    // Cached answers need no token: repeat a look-up that went through (which ones did depends on
    // the order the six concurrent requests arrived in).
    const answered = queries[answers.findIndex((a) => a.status === 200)]
    expect((await t.api('GET', `/api/catalog/search?q=${answered}`, { token: me })).status).toBe(200)
    expect(slowUp.requests.length).toBe(3)
  } finally {
    await t.close()
    await slowUp.close()
  }
})

test('books carry pages and year: set, changed field by field, and refused when not whole numbers', async () => {
  const created = await s.api('POST', '/api/books', { token, body: { title: 'Dune', pages: 528, year: 1965 } })
  expect(created.status).toBe(201)
  expect(created.body.data).toMatchObject({ pages: 528, year: 1965 })
  const id = created.body.data.id
  const patched = await s.api('PATCH', `/api/books/${id}`, { token, body: { pages: 604 } })
  expect(patched.body.data).toMatchObject({ pages: 604, year: 1965 })
  for (const [body, field] of [
    [{ pages: 0 }, 'pages'],
    [{ pages: 12.5 }, 'pages'],
    [{ year: '1965' }, 'year'],
    [{ year: 99999 }, 'year'],
  ] as const) {
    const bad = await s.api('PATCH', `/api/books/${id}`, { token, body })
    expect(bad.status, JSON.stringify(body)).toBe(400)
    expect(bad.body.inputError).toBe(field)
  }
})
