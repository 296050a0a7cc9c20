import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql, startTestServer, type TestServer } from './harness'

// decisions: "Add to my list" adds a public book once. A book already on the caller's list (a
// copy of that same book, or a book with the same title and author ignoring case and accents)
// creates nothing: 200 `data: { id, already: true }` with the id of the book that is there.

type Reader = Awaited<ReturnType<TestServer['signUp']>>
let s: TestServer
let ana: Reader
let ben: Reader
const books: Record<string, { id: string; title: string }> = {}

const add = (token: string, bookId: string, key?: string) =>
  s.api('POST', `/api/add/${bookId}`, { token, headers: key ? { 'idempotency-key': key } : {} })
const rows = async (accountId: string) =>
  s.query<{ id: string; title: string; deleted_at: string | null }>(
    sql`select id, title, deleted_at from books where account_id = ${accountId} order by created_at`,
  )
const live = async (accountId: string) => (await rows(accountId)).filter((r) => r.deleted_at === null)

beforeAll(async () => {
  s = await startTestServer()
  ;[ana, ben] = await Promise.all([s.signUp({ name: 'Ana' }), s.signUp({ name: 'Ben' })])
  expect((await s.api('PATCH', '/api/url', { token: ana.token, body: { slug: 'ana-once' } })).status).toBe(200)
  for (const [name, body] of Object.entries({
    dune: { title: 'Dune', author: 'Frank Herbert' },
    cien: { title: 'Cien años de soledad', author: 'Gabriel García Márquez' },
    emma: { title: 'Emma', author: 'Jane Austen' },
    walden: { title: 'Walden', author: 'Henry David Thoreau' },
  })) {
    const res = await s.api('POST', '/api/books', { token: ana.token, body })
    expect(res.status).toBe(201)
    books[name] = res.body.data
  }
})
afterAll(() => s.close())

describe('POST /api/add/{bookId} twice', () => {
  test('the second add creates nothing and names the book already there', async () => {
    const first = await add(ben.token, books.dune!.id)
    expect(first.status).toBe(201)
    const before = await rows(ben.user.account_id)
    const cursor = (await s.api('GET', '/api/books', { token: ben.token })).body.cursor

    const again = await add(ben.token, books.dune!.id)
    expect(again.status).toBe(200)
    expect(again.body.data).toEqual({ id: first.body.data.id, already: true })
    expect(again.body.message).toBe('This book is already on your list')
    // A fresh Idempotency-Key (a second click on another day) changes nothing either.
    const third = await add(ben.token, books.dune!.id, randomUUID())
    expect(third.body.data).toEqual({ id: first.body.data.id, already: true })

    expect(await rows(ben.user.account_id)).toEqual(before)
    // Nothing new reaches Ben's other devices.
    const pull = await s.api('GET', `/api/books?since=${cursor}`, { token: ben.token })
    expect(pull.body.data).toEqual([])
  })

  test('a book with the same title and author, other case and accents, counts as already there', async () => {
    const mine = await s.api('POST', '/api/books', {
      token: ben.token,
      body: { title: 'CIEN ANOS DE SOLEDAD', author: 'gabriel garcia  marquez' },
    })
    expect(mine.status).toBe(201)
    const count = (await live(ben.user.account_id)).length
    const res = await add(ben.token, books.cien!.id)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ id: mine.body.data.id, already: true })
    expect(await live(ben.user.account_id)).toHaveLength(count)
  })

  test('the same source book is found after the owner renamed it', async () => {
    const first = await add(ben.token, books.emma!.id)
    expect(first.status).toBe(201)
    await s.api('PATCH', `/api/books/${books.emma!.id}`, { token: ana.token, body: { title: 'Emma (annotated)' } })
    const again = await add(ben.token, books.emma!.id)
    expect(again.status).toBe(200)
    expect(again.body.data).toEqual({ id: first.body.data.id, already: true })
    expect((await live(ben.user.account_id)).filter((b) => b.title.startsWith('Emma'))).toHaveLength(1)
  })

  test('a copy the reader deleted can be added again', async () => {
    const first = await add(ben.token, books.walden!.id)
    expect(first.status).toBe(201)
    await s.api('DELETE', `/api/books/${first.body.data.id}`, { token: ben.token })
    const again = await add(ben.token, books.walden!.id)
    expect(again.status).toBe(201)
    expect(again.body.data.id).not.toBe(first.body.data.id)
    expect((await live(ben.user.account_id)).filter((b) => b.title === 'Walden')).toHaveLength(1)
  })

  test('two adds at once leave one copy', async () => {
    const cleo = await s.signUp({ name: 'Cleo' })
    const answers = await Promise.all([add(cleo.token, books.dune!.id), add(cleo.token, books.dune!.id)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201])
    const copy = answers.find((a) => a.status === 201)!.body.data
    expect(answers.find((a) => a.status === 200)!.body.data).toEqual({ id: copy.id, already: true })
    expect(await live(cleo.user.account_id)).toHaveLength(1)
  })
})
