import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestServer, type TestServer } from './harness'

// A flush sends long runs of edits too; the server writes a run of edits of distinct books with
// one statement. Each edit must still answer exactly what its PATCH would: the fields it names
// change and the others keep the server's values (even values newer than the device knew), a
// book created earlier in the batch can be edited, a deleted or foreign book is 404, bad input
// and a date out of order are 400, and a replay writes nothing twice.

let s: TestServer
let alice: { token: string; user: any }
let bob: { token: string; user: any }
beforeAll(async () => {
  s = await startTestServer()
  alice = await s.signUp({ name: 'Alice' })
  bob = await s.signUp({ name: 'Bob' })
})
afterAll(() => s.close())

const batch = (token: string, mutations: unknown[]) => s.api('POST', '/api/books/batch', { token, body: { mutations } })
const create = (id: string, data: Record<string, unknown>) => ({
  key: randomUUID(),
  kind: 'book.create',
  data: { id, position: 'a0', ...data },
})
const edit = (id: string, data: unknown) => ({ key: randomUUID(), kind: 'book.update', id, data })
const remove = (id: string) => ({ key: randomUUID(), kind: 'book.delete', id })
const cursorOf = async (token: string) => Number((await s.api('GET', '/api/books', { token })).body.cursor)

test('a mixed batch with runs of edits answers each edit as its PATCH would, in order', async () => {
  const [older, gone, dated, bobs] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()]
  await batch(alice.token, [
    create(older, { title: 'Old title', author: 'Ann', rating: 1 }),
    create(gone, { title: 'Gone soon' }),
    create(dated, { title: 'Dated', started_at: '2024-03-10' }),
  ])
  await batch(bob.token, [create(bobs, { title: 'Bob’s own' })])
  // Another device of Alice's changes the title after this device queued its edits.
  expect(
    (await s.api('PATCH', `/api/books/${older}`, { token: alice.token, body: { title: 'Newer title' } })).status,
  ).toBe(200)
  expect((await s.api('DELETE', `/api/books/${gone}`, { token: alice.token })).status).toBe(200)
  const before = await cursorOf(alice.token)

  const [fresh, other] = [randomUUID(), randomUUID()]
  const mutations = [
    create(fresh, { title: 'Created here', rating: 2 }),
    create(other, { title: 'Also created', author: 'Zed' }),
    edit(fresh, { review: 'Edited in the same batch' }), // 2: created earlier in this batch
    edit(older, { rating: 4 }), // 3: the title stays the newer server value
    edit(gone, { rating: 5 }), // 4: deleted: 404
    edit(bobs, { title: 'Hijacked' }), // 5: another account's: 404, untouched
    edit(other, { title: '' }), // 6: bad input: 400
    edit(dated, { finished_at: '2024-01-01' }), // 7: before the stored start: 400
    edit(dated, { finished_at: '2024-04-01' }), // 8: the same book again, now in order
    edit(randomUUID(), { rating: 3 }), // 9: never existed: 404
    edit(other, { author: null, pages: 321 }), // 10: clears a field, sets another
    remove(other), // 11
    edit(other, { rating: 1 }), // 12: deleted earlier in this batch: 404
  ]
  const res = await batch(alice.token, mutations)
  expect(res.status).toBe(200)
  const r = res.body.data
  expect(r.map((x: any) => x.status)).toEqual([201, 201, 200, 200, 404, 404, 400, 400, 200, 404, 200, 200, 404])
  expect(r[6].body).toMatchObject({ inputError: 'title' })
  expect(r[7].body).toMatchObject({ inputError: 'finished_at' })
  expect(JSON.stringify(r[5])).not.toContain('Bob’s own')

  expect(r[2].body.data).toMatchObject({ id: fresh, title: 'Created here', rating: 2, review: 'Edited in the same batch' })
  expect(r[2].body.message).toBeTruthy()
  expect(r[3].body.data).toMatchObject({ id: older, title: 'Newer title', author: 'Ann', rating: 4 })
  expect(r[8].body.data).toMatchObject({ started_at: '2024-03-10', finished_at: '2024-04-01', status: 'finished' })
  expect(r[10].body.data).toMatchObject({ title: 'Also created', author: null, pages: 321 })
  // One version per write, in the batch's order, and the cursor moved by exactly that many.
  const versions = [0, 1, 2, 3, 8, 10].map((i) => r[i].body.data.version)
  expect(versions).toEqual([1, 2, 3, 4, 5, 6].map((n) => before + n))
  expect(await cursorOf(alice.token)).toBe(before + 7)

  const got = async (id: string) => (await s.api('GET', `/api/books/${id}`, { token: alice.token })).body.data
  expect(await got(older)).toMatchObject({ title: 'Newer title', rating: 4, version: before + 4 })
  expect(await got(fresh)).toMatchObject({ review: 'Edited in the same batch', version: before + 3 })
  expect((await s.api('GET', `/api/books/${gone}`, { token: alice.token })).status).toBe(404)
  const bobBook = (await s.api('GET', `/api/books/${bobs}`, { token: bob.token })).body.data
  expect(bobBook).toMatchObject({ title: 'Bob’s own' })

  // The same batch again: the stored answers, nothing written twice.
  const again = await batch(alice.token, mutations)
  expect(again.body.data.map((x: any) => x.status)).toEqual(r.map((x: any) => x.status))
  expect(again.body.data.filter((x: any) => x.status < 300).every((x: any) => x.replayed)).toBe(true)
  expect(await cursorOf(alice.token)).toBe(before + 7)
})

test('a run of edits answers what the same edits sent one call at a time answer', async () => {
  // Twin accounts, the same books and the same edits: batched in one, one PATCH each in the other.
  const shape = async (token: string, batched: boolean) => {
    const ids = [randomUUID(), randomUUID(), randomUUID()]
    await batch(
      token,
      ids.map((id, i) => create(id, { title: `Book ${i}`, started_at: '2024-02-02', rating: i + 1 })),
    )
    const plan: [number, unknown][] = [
      [0, { title: 'Zero', review: 'r' }],
      [1, { rating: null, isbn: '9780306406157' }],
      [2, { started_at: '2024-05-05' }],
      [1, { finished_at: '2024-01-01' }],
      [2, { finished_at: '2024-06-06', position: 'a5' }],
      [0, { unknown_field: 1 }],
    ]
    const muts = plan.map(([i, data]) => edit(ids[i]!, data))
    const answers: { status: number; body: any }[] = []
    if (batched) answers.push(...(await batch(token, muts)).body.data)
    else
      for (const m of muts) answers.push(await s.api('PATCH', `/api/books/${m.id}`, { token, body: m.data }))
    const strip = (b: any) => {
      if (!b?.data) return b
      const { id: _i, account_id: _a, created_at: _c, updated_at: _u, version: _v, added_at: _d, ...rest } = b.data
      return { ...b, data: rest }
    }
    return answers.map((a) => ({ status: a.status, body: strip(a.body) }))
  }
  const carol = await s.signUp({ name: 'Carol' })
  const dave = await s.signUp({ name: 'Dave' })
  expect(await shape(carol.token, true)).toEqual(await shape(dave.token, false))
})

test('a batch takes up to 500 mutations; 501 is refused whole, with a message naming the limit', async () => {
  const erin = await s.signUp({ name: 'Erin' })
  const many = (n: number) => Array.from({ length: n }, (_, i) => create(randomUUID(), { title: `Many ${i}` }))
  const over = await batch(erin.token, many(501))
  expect(over.status).toBe(400)
  expect(over.body.message).toBe('The batch must be a list of 1 to 500 mutations')
  expect(await cursorOf(erin.token)).toBe(0)
  const full = await batch(erin.token, many(500))
  expect(full.status).toBe(200)
  expect(full.body.data.every((r: any) => r.status === 201)).toBe(true)
  expect(await cursorOf(erin.token)).toBe(500)
})
