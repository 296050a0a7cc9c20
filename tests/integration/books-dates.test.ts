import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestServer, type TestServer } from './harness'

// A book is not finished before it was started (shared datesInOrder, src/shared/schemas/book.ts):
// refused with 400 naming the field, on POST, on a PATCH with both dates, and on a PATCH with
// one date against the date the server holds.

let s: TestServer
let me: { token: string }
beforeAll(async () => {
  s = await startTestServer()
  me = await s.signUp({ name: 'Dora Dates' })
})
afterAll(() => s.close())

const post = (body: unknown, lang?: string) => s.api('POST', '/api/books', { token: me.token, body, lang })
const patch = (id: string, body: unknown) => s.api('PATCH', `/api/books/${id}`, { token: me.token, body })
const stored = async (id: string) => (await s.api('GET', `/api/books/${id}`, { token: me.token })).body.data

test('POST: a finished date before the started date is refused on finished_at; the same day is fine', async () => {
  const bad = await post({ title: 'Dune', started_at: '2024-03-10', finished_at: '2024-03-09' })
  expect(bad.status).toBe(400)
  expect(bad.body).toEqual({ message: 'The finished date cannot be before the started date', inputError: 'finished_at' })
  const es = await post({ title: 'Dune', started_at: '2024-03-10', finished_at: '2024-03-09' }, 'es')
  expect(es.body.message).toBe('La fecha de fin no puede ser anterior a la de inicio')
  expect((await post({ title: 'Dune', started_at: '2024-03-10', finished_at: '2024-03-10' })).status).toBe(201)
  expect((await post({ title: 'Emma', finished_at: '2024-03-10' })).status).toBe(201)
})

test('PATCH with both dates out of order is refused on finished_at', async () => {
  const book = (await post({ title: 'Emma' })).body.data
  const res = await patch(book.id, { started_at: '2024-05-02', finished_at: '2024-05-01' })
  expect(res.status).toBe(400)
  expect(res.body.inputError).toBe('finished_at')
  expect(await stored(book.id)).toMatchObject({ started_at: null, finished_at: null })
})

test('PATCH with one date is checked against the stored other one, and changes nothing when refused', async () => {
  const book = (await post({ title: 'Walden', started_at: '2024-06-10', finished_at: '2024-06-20' })).body.data
  const early = await patch(book.id, { finished_at: '2024-06-01' })
  expect(early.status).toBe(400)
  expect(early.body).toEqual({ message: 'The finished date cannot be before the started date', inputError: 'finished_at' })
  const late = await patch(book.id, { started_at: '2024-07-01' })
  expect(late.status).toBe(400)
  expect(late.body.inputError).toBe('started_at')
  expect(await stored(book.id)).toMatchObject({ started_at: '2024-06-10', finished_at: '2024-06-20' })

  // In order, clearing one, and an unknown book (404, not 400) all behave as before.
  expect((await patch(book.id, { finished_at: '2024-06-10' })).status).toBe(200)
  expect((await patch(book.id, { finished_at: null })).status).toBe(200)
  expect((await patch(book.id, { started_at: '2024-08-01' })).status).toBe(200)
  expect(await stored(book.id)).toMatchObject({ started_at: '2024-08-01', finished_at: null, status: 'reading' })
  expect((await patch('00000000-0000-4000-8000-000000000000', { finished_at: '2024-01-01' })).status).toBe(404)
})
