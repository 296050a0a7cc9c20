import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { listBooks } from '~/client/sync/queries'
import { sql, startTestServer, type TestServer } from './harness'
import { clientBooks, openClient, serverBooks } from './sync-kit'

// The library fields on the server and through sync: position ("Up next", decision 35),
// added_at, source, ISBN and ASIN are fields like the others (field-level merge), the public
// list follows "Up next", an import goes through the outbox in batches.

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

const create = async (token: string, body: Record<string, unknown>) => {
  const res = await s.api('POST', '/api/books', { token, body })
  expect(res.status).toBe(201)
  return res.body.data
}
const upNext = (books: Iterable<{ title: string; position: string | null; id: string }>) =>
  [...books]
    .sort((a, b) => (a.position! < b.position! ? -1 : a.position! > b.position! ? 1 : a.id < b.id ? -1 : 1))
    .map((b) => b.title)

describe('the API', () => {
  test('new fields are stored, answered and patched one at a time', async () => {
    const me = await s.signUp()
    const book = await create(me.token, {
      title: 'Dune',
      isbn: '978-0-441-17271-9',
      asin: 'b00b7npry8',
      position: 'a5',
      added_at: '2023-12-24',
      source: 'import',
    })
    expect(book).toMatchObject({
      isbn: '9780441172719',
      asin: 'B00B7NPRY8',
      position: 'a5',
      added_at: '2023-12-24',
      source: 'import',
    })
    const plain = await create(me.token, { title: 'Emma' })
    expect(plain).toMatchObject({
      isbn: null,
      asin: null,
      source: 'hand',
      added_at: new Date().toISOString().slice(0, 10),
    })
    // Without a position a new book goes on top.
    expect(plain.position < 'a5').toBe(true)
    const link = await create(me.token, { link: 'https://www.amazon.com/Dune-Frank-Herbert/dp/0441172717/' })
    expect(link).toMatchObject({ source: 'link', isbn: '0441172717' })

    const moved = await s.api('PATCH', `/api/books/${book.id}`, { token: me.token, body: { position: 'Zz' } })
    expect(moved.status).toBe(200)
    expect(moved.body.data).toMatchObject({
      title: 'Dune',
      position: 'Zz',
      isbn: '9780441172719',
      added_at: '2023-12-24',
      source: 'import',
    })
    const cleared = await s.api('PATCH', `/api/books/${book.id}`, {
      token: me.token,
      body: { isbn: null, source: 'hand' },
    })
    expect(cleared.body.data).toMatchObject({ isbn: null, source: 'import' }) // source is set once, at creation
  })

  test.each([
    [{ position: 'a 1' }, 'position'],
    [{ position: '' }, 'position'],
    [{ position: 'a' }, 'position'],
    [{ isbn: '9780441172718' }, 'isbn'],
    [{ asin: 'short' }, 'asin'],
    [{ added_at: '2023-02-30' }, 'added_at'],
    [{ added_at: null }, 'added_at'],
    [{ source: 'stolen' }, 'source'],
  ])('bad input %j is a 400 naming %s', async (fields, field) => {
    const me = await s.signUp()
    const res = await s.api('POST', '/api/books', { token: me.token, body: { title: 'X', ...fields } })
    expect(res.status).toBe(400)
    expect(res.body.inputError).toBe(field)
    expect(typeof res.body.message).toBe('string')
  })

  test('the public list follows "Up next"; books without a position come last, newest first', async () => {
    const me = await s.signUp()
    const slug = `up-${Date.now().toString(36)}`
    expect((await s.api('PATCH', '/api/url', { token: me.token, body: { slug } })).status).toBe(200)
    const titles = async () =>
      (await s.api('GET', `/api/public/${slug}`)).body.data.books.map((b: { title: string }) => b.title)
    const emma = await create(me.token, { title: 'Emma', position: 'a1' })
    await create(me.token, { title: 'Walden', position: 'a2' })
    const zebra = await create(me.token, { title: 'zebra', position: 'Zz' }) // code-unit order: Z < a
    expect(await titles()).toEqual(['zebra', 'Emma', 'Walden'])
    await s.api('PATCH', `/api/books/${emma.id}`, { token: me.token, body: { position: 'a3' } })
    expect(await titles()).toEqual(['zebra', 'Walden', 'Emma'])
    // Books from before positions existed.
    const old1 = await create(me.token, { title: 'Old one' })
    const old2 = await create(me.token, { title: 'Old two' })
    await s.query(sql`update books set position = null where id in (${old1.id}, ${old2.id}, ${zebra.id})`)
    expect(await titles()).toEqual(['Walden', 'Emma', 'Old two', 'Old one', 'zebra'])
  })
})

describe('through sync', () => {
  test('a move and an edit of the same book from two devices both survive', async () => {
    const me = await s.signUp()
    const phone = await openClient(s, me)
    const laptop = await openClient(s, me)
    const a = await phone.addBook({ title: 'A' })
    const b = await phone.addBook({ title: 'B' })
    const c = await phone.addBook({ title: 'C' })
    await phone.engine.sync()
    await laptop.engine.sync()
    expect((await listBooks(laptop.db, { sort: 'position' })).map((x) => x.title)).toEqual(['C', 'B', 'A'])
    await phone.moveBook(a.id, c.id) // A just below C
    await laptop.updateBook(a.id, { rating: 5, isbn: '0441172717' })
    await laptop.engine.sync()
    await phone.engine.sync()
    await laptop.engine.sync()
    const server = await serverBooks(s, me.token)
    expect(upNext(server.values())).toEqual(['C', 'A', 'B'])
    expect(server.get(a.id)).toMatchObject({ rating: 5, isbn: '0441172717' })
    for (const device of [phone, laptop]) {
      expect(await clientBooks(device, me.user.account_id)).toEqual(server)
      expect((await listBooks(device.db, { sort: 'position' })).map((x) => x.title)).toEqual(['C', 'A', 'B'])
    }
    expect(b.added_at).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  test('an import (addBooks) keeps the given order and fields and reaches the server in batches', async () => {
    const me = await s.signUp()
    const c = await openClient(s, me, { net: { offline: true } })
    await c.addBook({ title: 'Already here' })
    const inputs = Array.from({ length: 120 }, (_, i) => ({
      title: `Imported ${i}`,
      author: i % 2 ? 'Ana' : null,
      isbn: i === 0 ? '9780441172719' : null,
      added_at: '2020-01-0' + ((i % 9) + 1),
      source: 'import' as const,
    }))
    const rows = await c.addBooks(inputs)
    expect(rows).toHaveLength(120)
    await expect(c.addBooks([{ title: 'ok' }, { title: '' }])).rejects.toMatchObject({ field: 'title', index: 1 })
    expect(await c.db.outbox.count()).toBe(121)
    c.net.offline = false
    await c.engine.sync()
    expect(await c.db.outbox.count()).toBe(0)
    const server = await serverBooks(s, me.token)
    expect(server.size).toBe(121)
    expect(upNext(server.values())).toEqual([...inputs.map((i) => i.title), 'Already here'])
    expect([...server.values()].find((b) => b.title === 'Imported 0')).toMatchObject({
      isbn: '9780441172719',
      source: 'import',
      added_at: '2020-01-01',
    })
    expect(c.net.requests).toBeLessThan(10) // batches of 50, not one call per book
  })

  test('moving among books from before positions existed gives them keys, in their listed order', async () => {
    const me = await s.signUp()
    const old = []
    for (const title of ['Old 1', 'Old 2', 'Old 3']) old.push(await create(me.token, { title }))
    await s.query(sql`update books set position = null where account_id = ${me.user.account_id}`)
    const c = await openClient(s, me)
    await c.engine.sync()
    // Newest first: Old 3, Old 2, Old 1. Move Old 3 below Old 2.
    expect((await listBooks(c.db, { sort: 'position' })).map((x) => x.title)).toEqual(['Old 3', 'Old 2', 'Old 1'])
    await c.moveBook(old[2].id, old[1].id)
    expect((await listBooks(c.db, { sort: 'position' })).map((x) => x.title)).toEqual(['Old 2', 'Old 3', 'Old 1'])
    await c.engine.sync()
    const server = await serverBooks(s, me.token)
    expect(server.get(old[0].id)!.position).toBeNull()
    expect(upNext([...server.values()].filter((b) => b.position))).toEqual(['Old 2', 'Old 3'])
    expect((await listBooks(c.db, { sort: 'position' })).map((x) => x.title)).toEqual(['Old 2', 'Old 3', 'Old 1'])
  })
})
