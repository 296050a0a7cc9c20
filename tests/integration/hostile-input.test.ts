import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer, type TestServer } from './harness'

// Found by probing the API as an attacker: a NUL or a lone surrogate in any string,
// a deeply nested body, upper-case ids, script URLs. Each answered 500 (or 404, or was stored)
// before the boundary checks in src/server/context.ts and lib/input.ts.

let s: TestServer
let token: string
const NUL = 'a\u0000b'
const LONE = 'x\ud800y'

beforeAll(async () => {
  s = await startTestServer()
  ;({ token } = await s.signUp())
})
afterAll(() => s.close())

const expectField = (res: { status: number; body: any }, field: string | undefined) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400)
  expect(typeof res.body.message).toBe('string')
  expect(res.body.inputError).toBe(field)
}

describe('a NUL or a lone surrogate is a 400 naming the field, on every route', () => {
  const cases: [string, string, (bad: string) => unknown, string][] = [
    ['POST', '/api/books', (bad) => ({ title: bad }), 'title'],
    ['POST', '/api/books', (bad) => ({ title: 'Ok', author: bad }), 'author'],
    ['POST', '/api/books', (bad) => ({ link: `https://www.amazon.com/${bad}/dp/0441013597` }), 'link'],
    ['POST', '/api/auth', (bad) => ({ email: `a${bad}@example.com`, password: 'whatever!' }), 'email'],
    ['POST', '/api/auth', (bad) => ({ email: 'a@example.com', password: `pass${bad}!` }), 'password'],
    ['POST', '/api/auth/magic', (bad) => ({ email: `${bad}@example.com` }), 'email'],
    ['POST', '/api/auth/password/reset/request', (bad) => ({ email: `${bad}@example.com` }), 'email'],
    ['POST', '/api/account', (bad) => ({ name: bad, email: 'n@example.com', password: 'secret pass!' }), 'name'],
    ['PATCH', '/api/user', (bad) => ({ name: bad }), 'name'],
    ['POST', '/api/feedback', (bad) => ({ rating: 'positive', comment: bad }), 'comment'],
    ['POST', '/api/event', (bad) => ({ name: 'x', metadata: { note: bad } }), 'metadata'],
    // two-factor and support-session calls
    ['PUT', '/api/user/2fa', (bad) => ({ '2fa_enabled': false, code: bad }), 'code'],
    ['PUT', '/api/user/2fa', (bad) => ({ '2fa_enabled': false, password: bad }), 'password'],
    ['POST', '/api/user/2fa/verify', (bad) => ({ code: `12${bad}34` }), 'code'],
    ['POST', '/api/auth/otp', (bad) => ({ code: '123456', jwt: bad }), 'jwt'],
    ['POST', '/api/auth/impersonate', (bad) => ({ token: bad }), 'token'],
    ['POST', '/api/event', (bad) => ({ name: 'x', metadata: { [bad]: 1 } }), 'metadata'],
    [
      'POST',
      '/api/utility/mail',
      (bad) => ({ email: 'a@example.com', name: 'A', template: 'support', message: bad }),
      'message',
    ],
    // billing: card tokens, 3-D Secure, paying calls
    ['POST', '/api/payment/local/token', (bad) => ({ number: `4242${bad}`, exp_month: 1, exp_year: 2040, cvc: '123' }), 'number'],
    ['POST', '/api/payment/local/confirm', (bad) => ({ client_secret: bad, outcome: 'succeed' }), 'client_secret'],
    ['POST', '/api/account/upgrade', (bad) => ({ plan: 'club', token: `tok_${bad}` }), 'token'],
    ['POST', '/api/account/plan', (bad) => ({ plan: bad }), 'plan'],
    ['PATCH', '/api/account/card', (bad) => ({ token: bad }), 'token'],
  ]
  for (const [method, path, body, field] of cases) {
    for (const [what, bad] of [
      ['NUL', NUL],
      ['lone surrogate', LONE],
    ] as const) {
      test(`${method} ${path} ${field}: ${what}`, async () => {
        const res = await s.api(method, path, { body: body(bad), token })
        expectField(res, field)
      })
    }
  }

  test('PATCH /api/books/{id} with a NUL in a field; nothing changes', async () => {
    const { body } = await s.api('POST', '/api/books', { body: { title: 'Kept' }, token })
    const res = await s.api('PATCH', `/api/books/${body.data.id}`, { body: { review: NUL }, token })
    expectField(res, 'review')
    expect((await s.api('GET', `/api/books/${body.data.id}`, { token })).body.data.review).toBeNull()
  })

  test('%00 in a path id or slug, and in a query string', async () => {
    expectField(await s.api('GET', '/api/books/%00', { token }), 'id')
    expectField(await s.api('PATCH', '/api/books/ab%00cd', { body: { title: 'x' }, token }), 'id')
    expectField(await s.api('DELETE', '/api/books/%00', { token }), 'id')
    expectField(await s.api('POST', '/api/add/%00', { token }), 'bookId')
    expectField(await s.api('GET', '/api/public/%00'), 'slug')
    expectField(await s.api('GET', '/api/books?since=%00', { token }), 'since')
    expectField(await s.api('GET', '/api/url/check?slug=a%00b', { token }), 'slug')
    expectField(await s.api('GET', '/api/dev/outbox?to=%00'), 'to')
    expectField(await s.api('GET', '/api/support/users?search=%00', { token }), 'search')
    expectField(await s.api('GET', '/api/account/invoice/%00/pdf', { token }), 'id')
  })

  test('a batch answers a bad mutation alone; the others apply', async () => {
    const good = randomUUID()
    const res = await s.api('POST', '/api/books/batch', {
      token,
      body: {
        mutations: [
          { key: 'k-good', kind: 'book.create', data: { id: good, title: 'Good' } },
          { key: 'k-nul', kind: 'book.create', data: { id: randomUUID(), title: NUL } },
          { key: 'k-lone', kind: 'book.update', id: good, data: { author: LONE } },
          { key: 'k-id', kind: 'book.delete', id: '\u0000' },
          { key: 'k-after', kind: 'book.update', id: good, data: { author: 'After' } },
        ],
      },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.map((r: { status: number }) => r.status)).toEqual([201, 400, 400, 400, 200])
    expect(res.body.data.map((r: { body: { inputError?: string } }) => r.body.inputError)).toEqual([
      undefined,
      'title',
      'author',
      'id',
      undefined,
    ])
    const book = (await s.api('GET', `/api/books/${good}`, { token })).body.data
    expect(book).toMatchObject({ title: 'Good', author: 'After' })
  })

  test('a title cut from a retailer link never splits an emoji', async () => {
    const slug = encodeURIComponent(`${'a'.repeat(299)}😀-rest`)
    const res = await s.api('POST', '/api/books', {
      token,
      body: { link: `https://bookshop.org/p/books/${slug}/1?ean=9780441013593` },
    })
    expect(res.status).toBe(201)
    expect(res.body.data.title).toHaveLength(299)
    expect(res.body.data.title.isWellFormed()).toBe(true)
  })
})

describe('deep nesting is a 400 before anything walks the body', () => {
  const nest = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
  test.each([
    ['POST', '/api/books', (d: string) => `{"title":"x","review":${d}}`],
    [
      'POST',
      '/api/books/batch',
      (d: string) => `{"mutations":[{"key":"k","kind":"book.create","data":{"title":${d}}}]}`,
    ],
    ['POST', '/api/event', (d: string) => `{"name":"x","metadata":{"a":${d}}}`],
    ['POST', '/api/auth', (d: string) => `{"email":${d}}`],
  ])('%s %s at 5,000 levels', async (method, path, body) => {
    const res = await s.api(method, path, { body: body(nest(5000)), token })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/nests too deeply/)
  })

  test('ordinary nesting still works (event metadata a few levels deep)', async () => {
    const res = await s.api('POST', '/api/event', { body: { name: 'x', metadata: { a: { b: { c: [1, 2] } } } }, token })
    expect(res.status).toBe(200)
  })
})

describe('ids are normalised on every route', () => {
  test('a book created with an upper-case UUID is read, edited, deleted with either case', async () => {
    const id = randomUUID().toUpperCase()
    const created = await s.api('POST', '/api/books', { body: { id, title: 'Upper' }, token })
    expect(created.status).toBe(201)
    expect(created.body.data.id).toBe(id.toLowerCase())
    expect((await s.api('GET', `/api/books/${id}`, { token })).status).toBe(200)
    const patched = await s.api('PATCH', `/api/books/${id}`, { body: { author: 'Case' }, token })
    expect(patched.status).toBe(200)
    const batch = await s.api('POST', '/api/books/batch', {
      token,
      body: { mutations: [{ key: 'upper-1', kind: 'book.update', id, data: { rating: 4 } }] },
    })
    expect(batch.body.data[0].status).toBe(200)
    expect((await s.api('GET', `/api/books/${id.toLowerCase()}`, { token })).body.data).toMatchObject({
      author: 'Case',
      rating: 4,
    })
    expect((await s.api('DELETE', `/api/books/${id}`, { token })).status).toBe(200)
    expect((await s.api('GET', `/api/books/${id.toLowerCase()}`, { token })).status).toBe(404)
  })
})

describe('image addresses are http(s) only', () => {
  test.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://example.com/a.png', 'not a url'])(
    '%s',
    async (url) => {
      expectField(await s.api('PATCH', '/api/user', { body: { avatar: url }, token }), 'avatar')
      expectField(await s.api('POST', '/api/books', { body: { title: 'Pic', imageUrl: url }, token }), 'imageUrl')
    },
  )

  test('an https avatar is kept; an empty one clears it', async () => {
    const set = await s.api('PATCH', '/api/user', { body: { avatar: 'https://example.com/me.png' }, token })
    expect(set.status).toBe(200)
    expect(set.body.data.avatar).toBe('https://example.com/me.png')
    const cleared = await s.api('PATCH', '/api/user', { body: { avatar: '' }, token })
    expect(cleared.body.data.avatar).toBeNull()
  })
})
