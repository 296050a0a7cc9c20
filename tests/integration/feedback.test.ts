import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { feedback } from '~/server/db/schema'
import { startTestServer, type TestServer } from './harness'

// POST /api/feedback {rating, comment} and its error shapes.

let s: TestServer
let session: Awaited<ReturnType<TestServer['signUp']>>
beforeAll(async () => {
  s = await startTestServer()
  session = await s.signUp()
})
afterAll(() => s.close())

test('a signed-in user sends feedback; it is stored against their user and account', async () => {
  const res = await s.api('POST', '/api/feedback', {
    token: session.token,
    body: { rating: 'positive', comment: '  Love the offline mode  ' },
  })
  expect(res.status).toBe(200)
  expect(res.body.message).toBe('Thank you for your feedback!')
  const rows = await s.deps.db.select().from(feedback).where(eq(feedback.userId, session.user.id))
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject({
    rating: 'positive',
    comment: 'Love the offline mode',
    accountId: session.user.account_id,
  })
})

test('the comment is optional and a blank one is stored as null', async () => {
  for (const body of [
    { rating: 'neutral' },
    { rating: 'negative', comment: '   ' },
    { rating: 'neutral', comment: null },
  ]) {
    const res = await s.api('POST', '/api/feedback', { token: session.token, body })
    expect(res.status).toBe(200)
  }
  const rows = await s.deps.db.select().from(feedback).where(eq(feedback.userId, session.user.id))
  expect(rows.filter((r) => r.comment === null)).toHaveLength(3)
})

test('the answer is translated from Accept-Language', async () => {
  const res = await s.api('POST', '/api/feedback', { token: session.token, lang: 'es', body: { rating: 'neutral' } })
  expect(res.status).toBe(200)
  expect(res.body.message).toBe('¡Gracias por tu opinión!')
})

test('without a session it is 401 and nothing is stored', async () => {
  const before = (await s.deps.db.select().from(feedback)).length
  const res = await s.api('POST', '/api/feedback', { body: { rating: 'positive', comment: 'hi' } })
  expect(res.status).toBe(401)
  expect(res.body.message).toBeTruthy()
  const bad = await s.api('POST', '/api/feedback', { token: 'not-a-token', body: { rating: 'positive' } })
  expect(bad.status).toBe(401)
  expect((await s.deps.db.select().from(feedback)).length).toBe(before)
})

test('an unknown rating is 400 naming the rating field', async () => {
  for (const rating of ['great', '', 5, undefined]) {
    const res = await s.api('POST', '/api/feedback', { token: session.token, body: { rating, comment: 'x' } })
    expect(res.status).toBe(400)
    expect(res.body.inputError).toBe('rating')
    expect(res.body.message).toBe('Please choose how you feel: positive, neutral or negative')
  }
})

test('a comment over 2000 characters is 400 naming the comment field; 2000 is accepted', async () => {
  const tooLong = await s.api('POST', '/api/feedback', {
    token: session.token,
    body: { rating: 'negative', comment: 'a'.repeat(2001) },
  })
  expect(tooLong.status).toBe(400)
  expect(tooLong.body.inputError).toBe('comment')
  expect(tooLong.body.message).toBe('Comment must be at most 2000 characters')
  const atLimit = await s.api('POST', '/api/feedback', {
    token: session.token,
    body: { rating: 'negative', comment: 'a'.repeat(2000) },
  })
  expect(atLimit.status).toBe(200)
})

test('a non-JSON body is 400, not 500', async () => {
  const res = await s.api('POST', '/api/feedback', { token: session.token, body: '{nope' })
  expect(res.status).toBe(400)
})
