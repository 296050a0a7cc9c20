import { eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { idempotencyKeys } from '~/server/db/schema'
import { bookCalls, twoReaders, type Reader } from './books-kit'
import type { TestServer } from './harness'

// The books calls: their errors, sync (decision 12) and the POST shape.

let s: TestServer
let alice: Reader
let bob: Reader
beforeAll(async () => ({ s, alice, bob } = await twoReaders()))
afterAll(() => s.close())

const { post, patch, del, list, batch } = bookCalls(() => s)

describe('create and read', () => {
  test('POST /api/books creates a book with derived status fields', async () => {
    const res = await post(alice.token, {
      title: '  Dune ',
      author: 'Frank Herbert',
      rating: 5,
      started_at: '2024-01-02',
    })
    expect(res.status).toBe(201)
    const b = res.body.data
    expect(b).toMatchObject({
      title: 'Dune',
      author: 'Frank Herbert',
      rating: 5,
      review: null,
      started_at: '2024-01-02',
      finished_at: null,
      started: true,
      finished: false,
      status: 'reading',
      imageUrl: null,
      account_id: alice.user.account_id,
    })
    expect(b.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Date(b.created_at).toISOString()).toBe(b.created_at)
    expect(res.body.message).toBe('Book added')

    const one = await s.api('GET', `/api/books/${b.id}`, { token: alice.token })
    expect(one.status).toBe(200)
    expect(one.body.data).toEqual(b)
  })

  test('status: finished wins over started; neither is not_started', async () => {
    const fin = await post(alice.token, { title: 'A', started_at: '2024-01-01', finished_at: '2024-02-01' })
    expect(fin.body.data).toMatchObject({ status: 'finished', started: true, finished: true })
    const none = await post(alice.token, { title: 'B' })
    expect(none.body.data).toMatchObject({ status: 'not_started', started: false, finished: false })
    const onlyFinished = await post(alice.token, { title: 'C', finished_at: '2024-02-01' })
    expect(onlyFinished.body.data.status).toBe('finished')
  })

  test('GET /api/books lists live books with a cursor', async () => {
    const res = await list(alice.token)
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body.data)).toBe(true)
    expect(res.body.data.length).toBeGreaterThanOrEqual(4)
    expect(res.body.deleted).toEqual([])
    expect(res.body.reset).toBe(true)
    expect(res.body.cursor).toMatch(/^\d+$/)
    expect(res.body.data.every((b: any) => b.account_id === alice.user.account_id)).toBe(true)
  })

  test('a client id is kept; the same id again answers the existing book', async () => {
    const id = randomUUID()
    const first = await post(alice.token, { id, title: 'Client made' })
    expect(first.status).toBe(201)
    expect(first.body.data.id).toBe(id)
    const again = await post(alice.token, { id, title: 'Something else' })
    expect(again.status).toBe(200)
    expect(again.body.data.title).toBe('Client made')
    expect(again.body.data.version).toBe(first.body.data.version)
  })

  test('an id taken in another account is 409 and reveals nothing', async () => {
    const id = randomUUID()
    await post(alice.token, { id, title: 'Secret' })
    const res = await post(bob.token, { id, title: 'Mine' })
    expect(res.status).toBe(409)
    expect(res.body.inputError).toBe('id')
    expect(JSON.stringify(res.body)).not.toContain('Secret')
  })

  test('a retailer link gives the title and ISBN/ASIN without fetching', async () => {
    const res = await post(alice.token, {
      link: 'https://www.amazon.com/Dune-Frank-Herbert/dp/0441172717/ref=sr_1_1?keywords=dune',
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ title: 'Dune Frank Herbert', isbn: '0441172717', asin: '0441172717' })
    const gp = await post(alice.token, {
      link: 'https://www.amazon.co.uk/gp/product/B00B7NPRY8',
      title: 'Kindle thing',
    })
    expect(gp.body.data).toMatchObject({ title: 'Kindle thing', isbn: null, asin: 'B00B7NPRY8' })
    const noTitle = await post(alice.token, { link: 'https://www.amazon.com/dp/0441172717' })
    expect(noTitle.status).toBe(400)
    expect(noTitle.body.inputError).toBe('link')
    const other = await post(alice.token, { link: 'https://example.com/some/book' })
    expect(other.status).toBe(400)
    expect(other.body.inputError).toBe('link')
  })
})

describe('validation: 400 naming the field, never 500', () => {
  const cases: [string, unknown, string][] = [
    ['missing title', {}, 'title'],
    ['blank title', { title: '   ' }, 'title'],
    ['title too long', { title: 'x'.repeat(301) }, 'title'],
    ['title not a string', { title: 42 }, 'title'],
    ['rating 0', { title: 'T', rating: 0 }, 'rating'],
    ['rating 6', { title: 'T', rating: 6 }, 'rating'],
    ['rating 2.5', { title: 'T', rating: 2.5 }, 'rating'],
    ['rating as string', { title: 'T', rating: '4' }, 'rating'],
    ['date format', { title: 'T', started_at: '02/01/2024' }, 'started_at'],
    ['impossible date', { title: 'T', finished_at: '2023-02-30' }, 'finished_at'],
    ['imageUrl javascript:', { title: 'T', imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
    ['imageUrl ftp', { title: 'T', imageUrl: 'ftp://x.org/a.png' }, 'imageUrl'],
    ['id not a uuid', { title: 'T', id: 'abc' }, 'id'],
    ['unknown field', { title: 'T', colour: 'red' }, 'colour'],
    ['review too long', { title: 'T', review: 'x'.repeat(10_001) }, 'review'],
  ]
  for (const [name, body, field] of cases) {
    test(name, async () => {
      const res = await post(alice.token, body)
      expect(res.status).toBe(400)
      expect(res.body.inputError).toBe(field)
      expect(typeof res.body.message).toBe('string')
    })
  }

  test('non-JSON bodies and arrays are 400', async () => {
    expect((await post(alice.token, '{nope')).status).toBe(400)
    expect((await post(alice.token, [1, 2])).status).toBe(400)
    expect((await post(alice.token, 'null')).status).toBe(400)
  })

  test('rating null and empty strings clear fields', async () => {
    const res = await post(alice.token, { title: 'T', rating: null, author: '', imageUrl: '', started_at: '' })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ rating: null, author: null, imageUrl: null, started_at: null })
  })

  test('messages follow Accept-Language', async () => {
    const res = await post(alice.token, { title: '' }, undefined, 'es')
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Introduce un título')
  })

  test('bad PATCH bodies and since cursors are 400', async () => {
    const { body } = await post(alice.token, { title: 'Patch me' })
    const empty = await patch(alice.token, body.data.id, {})
    expect(empty.status).toBe(400)
    const nullTitle = await patch(alice.token, body.data.id, { title: null })
    expect(nullTitle.status).toBe(400)
    expect(nullTitle.body.inputError).toBe('title')
    expect((await list(alice.token, 'abc')).status).toBe(400)
    expect((await list(alice.token, '-1')).status).toBe(400)
    const badKey = await post(alice.token, { title: 'T' }, 'x'.repeat(201))
    expect(badKey.status).toBe(400)
  })
})

describe('update and delete', () => {
  test('PATCH changes only the fields it names', async () => {
    const { body } = await post(alice.token, { title: 'Original', author: 'Someone', rating: 3 })
    const res = await patch(alice.token, body.data.id, {
      rating: 4,
      finished_at: '2024-05-05',
      status: 'ignored',
      id: 'ignored',
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      title: 'Original',
      author: 'Someone',
      rating: 4,
      finished_at: '2024-05-05',
      status: 'finished',
    })
    expect(res.body.data.version).toBeGreaterThan(body.data.version)
  })

  test('edits to different fields from two devices both survive; same field: last wins', async () => {
    const { body } = await post(alice.token, { title: 'Shared' })
    const id = body.data.id
    await patch(alice.token, id, { rating: 2 })
    await patch(alice.token, id, { review: 'Great' })
    await patch(alice.token, id, { rating: 5 })
    const res = await s.api('GET', `/api/books/${id}`, { token: alice.token })
    expect(res.body.data).toMatchObject({ rating: 5, review: 'Great', title: 'Shared' })
  })

  test('DELETE leaves a tombstone; later writes are 404 (delete wins)', async () => {
    const { body } = await post(alice.token, { title: 'Doomed' })
    const id = body.data.id
    const res = await del(alice.token, id)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ id })
    expect((await s.api('GET', `/api/books/${id}`, { token: alice.token })).status).toBe(404)
    expect((await patch(alice.token, id, { rating: 1 })).status).toBe(404)
    expect((await del(alice.token, id)).status).toBe(404)
    // Re-creating a deleted id is not a way around the delete.
    expect((await post(alice.token, { id, title: 'Back' })).status).toBe(404)
    const all = await list(alice.token)
    expect(all.body.data.some((b: any) => b.id === id)).toBe(false)
  })

  test('unknown ids are 404', async () => {
    const id = randomUUID()
    expect((await s.api('GET', `/api/books/${id}`, { token: alice.token })).status).toBe(404)
    expect((await patch(alice.token, id, { rating: 1 })).status).toBe(404)
    expect((await del(alice.token, id)).status).toBe(404)
  })
})

describe('tenant isolation and auth', () => {
  test("another account's book is 404 on every call and absent from lists", async () => {
    const { body } = await post(alice.token, { title: 'Private' })
    const id = body.data.id
    expect((await s.api('GET', `/api/books/${id}`, { token: bob.token })).status).toBe(404)
    expect((await patch(bob.token, id, { title: 'Hacked' })).status).toBe(404)
    expect((await del(bob.token, id)).status).toBe(404)
    const bobs = await list(bob.token, '0')
    expect(bobs.body.data.some((b: any) => b.id === id)).toBe(false)
    expect(bobs.body.deleted).not.toContain(id)
    const still = await s.api('GET', `/api/books/${id}`, { token: alice.token })
    expect(still.body.data.title).toBe('Private')
  })

  test('idempotency keys are per account', async () => {
    const key = randomUUID()
    const a = await post(alice.token, { title: 'Alice key' }, key)
    const b = await post(bob.token, { title: 'Bob key' }, key)
    expect(a.status).toBe(201)
    expect(b.status).toBe(201)
    expect(b.body.data.title).toBe('Bob key')
  })

  test('every call needs a session', async () => {
    expect((await s.api('GET', '/api/books')).status).toBe(401)
    expect((await s.api('POST', '/api/books', { body: { title: 'x' } })).status).toBe(401)
    expect((await s.api('GET', '/api/books', { token: 'garbage' })).status).toBe(401)
  })
})

describe('idempotency', () => {
  test('a replay answers the stored response and changes nothing', async () => {
    const key = randomUUID()
    const first = await post(alice.token, { title: 'Once' }, key)
    const before = await list(alice.token)
    const again = await post(alice.token, { title: 'Once' }, key)
    expect(again.status).toBe(first.status)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const after = await list(alice.token)
    expect(after.body.cursor).toBe(before.body.cursor)
    expect(after.body.data.filter((b: any) => b.title === 'Once')).toHaveLength(1)
  })

  test('key order in the payload does not matter', async () => {
    const key = randomUUID()
    const a = await post(alice.token, { title: 'Order', author: 'X' }, key)
    const b = await s.api('POST', '/api/books', {
      token: alice.token,
      body: '{"author":"X","title":"Order"}',
      headers: { 'idempotency-key': key, 'content-type': 'application/json' },
    })
    expect(b.status).toBe(a.status)
    expect(b.body.data.id).toBe(a.body.data.id)
  })

  test('replayed PATCH and DELETE answer as the first time, even after later changes', async () => {
    const { body } = await post(alice.token, { title: 'Replay' })
    const id = body.data.id
    const k1 = randomUUID()
    const p1 = await patch(alice.token, id, { rating: 2 }, k1)
    await patch(alice.token, id, { rating: 4 })
    const p2 = await patch(alice.token, id, { rating: 2 }, k1)
    expect(p2.body).toEqual(p1.body)
    expect((await s.api('GET', `/api/books/${id}`, { token: alice.token })).body.data.rating).toBe(4)
    const k2 = randomUUID()
    const d1 = await del(alice.token, id, k2)
    const d2 = await del(alice.token, id, k2)
    expect(d2.status).toBe(200)
    expect(d2.body).toEqual(d1.body)
  })

  test('the same key with another payload is 422', async () => {
    const key = randomUUID()
    await post(alice.token, { title: 'First' }, key)
    const res = await post(alice.token, { title: 'Second' }, key)
    expect(res.status).toBe(422)
    expect(res.body.message).toBeTruthy()
    const { body } = await post(alice.token, { title: 'Target' })
    const k = randomUUID()
    await patch(alice.token, body.data.id, { rating: 1 }, k)
    expect((await del(alice.token, body.data.id, k)).status).toBe(422)
  })

  test('a failed write stores nothing under its key', async () => {
    const key = randomUUID()
    expect((await post(alice.token, { title: '' }, key)).status).toBe(400)
    expect((await post(alice.token, { title: 'Fixed' }, key)).status).toBe(201)
  })
})

describe('GET /api/books?since (decision 12)', () => {
  test('changes after the cursor, tombstones, next cursor', async () => {
    const carol = await s.signUp({ name: 'Carol' })
    const empty = await list(carol.token)
    expect(empty.body).toEqual({ data: [], deleted: [], cursor: '0', reset: true })
    const a = (await post(carol.token, { title: 'A' })).body.data
    const b = (await post(carol.token, { title: 'B' })).body.data
    const c0 = (await list(carol.token, '0')).body
    expect(c0.data.map((x: any) => x.title)).toEqual(['A', 'B'])
    expect(c0.reset).toBe(false)
    const cursor = c0.cursor
    expect(cursor).toBe('2')
    expect((await list(carol.token, cursor)).body).toEqual({ data: [], deleted: [], cursor, reset: false })

    await patch(carol.token, a.id, { rating: 3 })
    await del(carol.token, b.id)
    const c1 = (await list(carol.token, cursor)).body
    expect(c1.data.map((x: any) => [x.title, x.rating])).toEqual([['A', 3]])
    expect(c1.deleted).toEqual([b.id])
    expect(Number(c1.cursor)).toBe(4)

    // A book created and deleted between two pulls arrives as a tombstone only.
    const t = (await post(carol.token, { title: 'Brief' })).body.data
    await del(carol.token, t.id)
    const c2 = (await list(carol.token, c1.cursor)).body
    expect(c2.data).toEqual([])
    expect(c2.deleted).toEqual([t.id])

    // A cursor the server never issued (e.g. a restored database) gets a full snapshot.
    const future = (await list(carol.token, '999999')).body
    expect(future.reset).toBe(true)
    expect(future.data.map((x: any) => x.title)).toEqual(['A'])
  })
})

describe('POST /api/books/batch', () => {
  test('one result per mutation, in order, each as its single call would answer', async () => {
    const id = randomUUID()
    const res = await batch(alice.token, [
      { key: randomUUID(), kind: 'book.create', data: { id, title: 'Batched' } },
      { key: randomUUID(), kind: 'book.update', id, data: { rating: 5 } },
      { key: randomUUID(), kind: 'book.update', id, data: { rating: 9 } },
      { key: randomUUID(), kind: 'book.update', id: randomUUID(), data: { rating: 1 } },
      { key: randomUUID(), kind: 'book.delete', id },
    ])
    expect(res.status).toBe(200)
    expect(res.body.data.map((r: any) => r.status)).toEqual([201, 200, 400, 404, 200])
    expect(res.body.data[1].body.data.rating).toBe(5)
    expect(res.body.data[2].body.inputError).toBe('rating')
  })

  test('batch and single calls share keys: a single call replayed inside a batch is not applied again', async () => {
    const key = randomUUID()
    const id = randomUUID()
    const single = await post(alice.token, { id, title: 'Both ways' }, key)
    const res = await batch(alice.token, [{ key, kind: 'book.create', data: { id, title: 'Both ways' } }])
    expect(res.body.data[0]).toEqual({ key, status: single.status, body: single.body, replayed: true })
  })

  test('a bad envelope is 400', async () => {
    expect((await batch(alice.token, [])).status).toBe(400)
    expect((await batch(alice.token, [{ kind: 'book.create' }])).status).toBe(400)
    expect((await batch(alice.token, [{ key: 'k', kind: 'user.patch' }])).status).toBe(400)
  })
})

describe('concurrency (real parallelism on PostgreSQL)', () => {
  test('parallel writes get distinct versions; the same key in parallel is applied once', async () => {
    const dave = await s.signUp({ name: 'Dave' })
    const key = randomUUID()
    const id = randomUUID()
    const same = await Promise.all(Array.from({ length: 8 }, () => post(dave.token, { id, title: 'Raced' }, key)))
    expect(same.map((r) => r.status)).toEqual(Array(8).fill(201))
    expect(new Set(same.map((r) => r.body.data.version)).size).toBe(1)
    const writes = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => post(dave.token, { title: `P${i}` })),
      ...Array.from({ length: 10 }, (_, i) => patch(dave.token, id, { rating: (i % 5) + 1 })),
    ])
    expect(writes.every((r) => r.status < 300)).toBe(true)
    const versions = writes.map((r) => r.body.data.version)
    expect(new Set(versions).size).toBe(20)
    const pulled = await list(dave.token, '0')
    expect(pulled.body.cursor).toBe('21')
    expect(pulled.body.data).toHaveLength(11)
  })
})

test('stored answers older than 30 days are forgotten as the account keeps writing', async () => {
  const erin = await s.signUp({ name: 'Erin' })
  const accountId = erin.user.account_id
  const old = new Date(Date.now() - 40 * 86400_000)
  await s.deps.db
    .insert(idempotencyKeys)
    .values({ accountId, key: 'ancient', requestHash: 'x', status: 201, body: {}, createdAt: old })
  for (let b = 0; b < 3; b++) {
    const mutations = Array.from({ length: 100 }, (_, i) => ({
      key: `k${b}-${i}`,
      kind: 'book.create',
      data: { title: `T${i}` },
    }))
    expect((await batch(erin.token, mutations)).status).toBe(200)
  }
  const keys = await s.deps.db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.accountId, accountId))
  expect(keys.map((k) => k.key)).not.toContain('ancient')
  expect(keys).toHaveLength(300)
})
