import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { bookCalls, twoReaders, type Reader } from './books-kit'
import type { TestServer } from './harness'

// A device flushing its outbox sends long runs of creates and of deletes; the server writes such
// a run with one statement. Each mutation must still answer exactly what its single call would:
// an id already in the account, another account's id, the same id twice, bad input, a replay.

let s: TestServer
let alice: Reader
let bob: Reader
beforeAll(async () => ({ s, alice, bob } = await twoReaders()))
afterAll(() => s.close())

const { batch, list, patch } = bookCalls(() => s)
const create = (id: string, title: string, position = 'a0') => ({
  key: randomUUID(),
  kind: 'book.create',
  data: { id, title, position },
})
const remove = (id: string) => ({ key: randomUUID(), kind: 'book.delete', id })

test('a run of creates answers each as its single call would, with one version per book written', async () => {
  const mine = randomUUID()
  const bobs = randomUUID()
  expect((await batch(alice.token, [create(mine, 'Already here')])).status).toBe(200)
  expect((await batch(bob.token, [create(bobs, 'Bob’s')])).status).toBe(200)
  const before = (await list(alice.token)).body.cursor
  const twice = randomUUID()
  const [a, b] = [randomUUID(), randomUUID()]
  const mutations = [
    create(a, 'First'),
    create(mine, 'Already here'),
    create(bobs, 'Squatting'),
    create(twice, 'Twice'),
    create(twice, 'Twice again'),
    { key: randomUUID(), kind: 'book.create', data: { id: randomUUID(), title: '', position: 'a0' } },
    create(b, 'Last', 'a1'),
  ]
  const res = await batch(alice.token, mutations)
  expect(res.status).toBe(200)
  expect(res.body.data.map((r: any) => r.status)).toEqual([201, 200, 409, 201, 200, 400, 201])
  expect(res.body.data[2].body).toMatchObject({ inputError: 'id' })
  expect(JSON.stringify(res.body.data[2])).not.toContain('Bob’s')
  expect(res.body.data[4].body.data.title).toBe('Twice')
  const versions = [0, 3, 6].map((i) => res.body.data[i].body.data.version)
  expect(versions).toEqual([Number(before) + 1, Number(before) + 2, Number(before) + 3])

  const pulled = await list(alice.token, before)
  expect(pulled.body.cursor).toBe(String(Number(before) + 3))
  expect(pulled.body.data.map((x: any) => x.title).sort()).toEqual(['First', 'Last', 'Twice'])
  // Bob's book is untouched.
  const bobBooks = (await list(bob.token)).body.data
  expect(bobBooks.map((x: any) => x.title)).toEqual(['Bob’s'])

  // The same batch again: the stored answers of the accepted ones (refusals are judged afresh,
  // as for single calls), and nothing is written twice.
  const again = await batch(alice.token, mutations)
  expect(again.body.data.map((r: any) => r.status)).toEqual([201, 200, 409, 201, 200, 400, 201])
  expect(again.body.data.map((r: any) => !!r.replayed)).toEqual([true, true, false, true, true, false, true])
  expect((await list(alice.token)).body.cursor).toBe(pulled.body.cursor)
})

test('a run of deletes tombstones each live book once, with its own version; others are 404', async () => {
  const ids = [randomUUID(), randomUUID(), randomUUID()]
  await batch(
    alice.token,
    ids.map((id, i) => create(id, `Doomed ${i}`)),
  )
  const bobs = randomUUID()
  await batch(bob.token, [create(bobs, 'Bob keeps this')])
  const before = Number((await list(alice.token)).body.cursor)
  const res = await batch(alice.token, [
    remove(ids[0]!),
    remove(bobs),
    remove(randomUUID()),
    remove(ids[2]!),
    remove(ids[0]!),
  ])
  expect(res.body.data.map((r: any) => r.status)).toEqual([200, 404, 404, 200, 404])

  const pulled = await list(alice.token, before)
  expect(pulled.body.cursor).toBe(String(before + 2))
  expect([...pulled.body.deleted].sort()).toEqual([ids[0], ids[2]].sort())
  const live = (await list(alice.token)).body.data.map((x: any) => x.id)
  expect(live).toContain(ids[1])
  expect(live).not.toContain(ids[0])
  expect((await list(bob.token)).body.data.map((x: any) => x.id)).toContain(bobs)
  // A write to a deleted book stays 404 (delete wins).
  const edit = await patch(alice.token, ids[2]!, { rating: 3 })
  expect(edit.status).toBe(404)
})
