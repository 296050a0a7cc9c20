import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { limitPasswordHashing } from '~/server/lib/crypto'
import { startTestServer, tokenOf, type TestServer } from './harness'

// Password derivations (scrypt; decision 27) run a few at a time, a few more wait, the rest
// are refused at once with 429 + Retry-After, so sign-ins cannot stall everyone else. The tests
// hold the limiter's only turn (as a derivation in progress would) to saturate it for certain.

let s: TestServer
beforeAll(async () => {
  // The 2-core defaults, whatever this machine has. Admission control (middleware/admission.ts)
  // is not what these tests are about: a generous wait bound, so a slow machine does not shed the
  // burst with 503 before it reaches the password limiter.
  s = await startTestServer({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '8', API_QUEUE_WAIT_MS: '60000' })
})
afterAll(() => s.close())

type Answer = Awaited<ReturnType<TestServer['api']>>
const signIn = (email: string, password: string) => s.api('POST', '/api/auth', { body: { email, password } })

function expectBusy(res: Answer, what: string) {
  expect(res.status, what).toBe(429)
  const retry = Number(res.headers.get('retry-after'))
  expect(Number.isInteger(retry) && retry >= 1, `${what}: Retry-After ${res.headers.get('retry-after')}`).toBe(true)
  expect(res.body).toEqual({
    message: 'Too many passwords are being checked right now. Please try again in a few seconds.',
  })
}

test('30 sign-ins at once: 8 wait and are checked (401), 22 are refused at once (429); the API answers meanwhile; the right password works after', async () => {
  const me = await s.signUp({ verify: false, plan: null })
  const limiter = limitPasswordHashing({ concurrency: 1, queue: 8 })
  await limiter.acquire()
  const answered: Answer[] = []
  const burst = Array.from({ length: 30 }, (_, i) =>
    signIn(`nobody${i}@example.com`, 'not a real password!').then((r) => (answered.push(r), r)),
  )
  await vi.waitFor(() => expect(answered.length + limiter.queued).toBe(30), { timeout: 20_000, interval: 20 })
  expect(limiter.queued).toBe(8)
  expect(answered.every((r) => r.status === 429)).toBe(true)
  // The waiting sign-ins gave their admission turns back: other calls are answered at once.
  const read = await s.api('GET', '/api/books', { token: me.token })
  expect(read.status).toBe(200)
  limiter.release()
  const statuses = (await Promise.all(burst)).map((r) => r.status)
  expect(statuses.filter((st) => st === 401)).toHaveLength(8)
  expect(statuses.filter((st) => st === 429)).toHaveLength(22)
  for (const r of answered.filter((a) => a.status === 429)) expectBusy(r, 'refused sign-in')
  expect((await signIn(me.email, me.password)).status).toBe(200)
}, 60_000)

test('sign-up, password change and reset answer 429 too, and nothing is half done', async () => {
  const me = await s.signUp({ password: 'first pass 1!', verify: false, plan: null })
  await s.api('POST', '/api/auth/password/reset/request', { body: { email: me.email } })
  const resetLink = (await s.outbox(me.email)).find((m) => m.links.some((l) => l.includes('token=')))!.links[0]!
  const newcomer = { name: 'Newcomer', email: 'newcomer@example.com', password: 'newcomer pass 2!' }
  const limiter = limitPasswordHashing({ concurrency: 1, queue: 0 })
  await limiter.acquire()
  try {
    expectBusy(await signIn(me.email, 'first pass 1!'), 'sign-in')
    expectBusy(
      await s.api('POST', '/api/account', { body: { ...newcomer, confirm_password: newcomer.password } }),
      'sign-up',
    )
    const change = await s.api('PUT', '/api/user/password', {
      token: me.token,
      body: { oldpassword: 'first pass 1!', newpassword: 'second pass 2!' },
    })
    expectBusy(change, 'password change')
    expectBusy(
      await s.api('POST', '/api/auth/password/reset', { body: { jwt: tokenOf(resetLink), password: 'reset pass 3!' } }),
      'reset',
    )
  } finally {
    limiter.release()
  }
  // Each can simply be tried again: no account was half made, the password is unchanged, the
  // reset link is still good.
  expect((await signIn(me.email, 'first pass 1!')).status).toBe(200)
  expect((await s.api('POST', '/api/account', { body: newcomer })).status).toBe(200)
  const reset = await s.api('POST', '/api/auth/password/reset', {
    body: { jwt: tokenOf(resetLink), password: 'reset pass 3!' },
  })
  expect(reset.status).toBe(200)
  expect((await signIn(me.email, 'reset pass 3!')).status).toBe(200)
}, 60_000)

test('attempts refused because the server was busy do not count toward the brute-force lock', async () => {
  const me = await s.signUp({ verify: false, plan: null })
  const limiter = limitPasswordHashing({ concurrency: 1, queue: 0 })
  await limiter.acquire()
  try {
    // More than the 10 failures that lock an email, none of them checked.
    for (let i = 0; i < 12; i++) expectBusy(await signIn(me.email, `wrong guess ${i}!`), `attempt ${i + 1}`)
  } finally {
    limiter.release()
  }
  expect((await signIn(me.email, me.password)).status).toBe(200)
}, 60_000)
