import { afterAll, beforeAll, expect, test } from 'vitest'
import { sql, startTestServer, tokenOf, type TestServer } from './harness'

// After 10 failed sign-ins for one email within 15 minutes, further attempts for it
// answer 429 (with Retry-After) until the window passes, whatever the password. Unknown emails
// behave exactly like known ones. Mail-sending calls are limited per address too.

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

const signIn = (email: string, password: string, lang?: string) => s.api('POST', '/api/auth', { body: { email, password }, lang })

async function fail(email: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await signIn(email, `wrong password ${i}!`)
    expect(res.status, `attempt ${i + 1}`).toBe(401)
  }
}

function expectLocked(res: { status: number; body: any; headers: Headers }) {
  expect(res.status).toBe(429)
  const retry = Number(res.headers.get('retry-after'))
  expect(Number.isInteger(retry)).toBe(true)
  expect(retry).toBeGreaterThan(0)
  expect(retry).toBeLessThanOrEqual(15 * 60)
  expect(typeof res.body.message).toBe('string')
  expect(res.body.data).toBeUndefined()
}

test('10 failures lock the email: the 11th attempt is 429 with Retry-After even with the right password, until the window passes', async () => {
  const user = await s.signUp({ email: 'lock@example.com', verify: false, plan: null })
  await fail('lock@example.com', 10)
  const res = await signIn('lock@example.com', user.password)
  expectLocked(res)
  expect(res.body.message).toBe('Too many attempts. Please try again in 15 minutes.')
  const es = await signIn('LOCK@example.com', user.password, 'es')
  expectLocked(es)
  expect(es.body.message).toBe('Demasiados intentos. Vuelve a intentarlo en 15 minutos.')
  // Signing up again with that email and its password is a sign-in attempt too.
  const signUp = await s.api('POST', '/api/account', { body: { name: 'Again', email: 'lock@example.com', password: user.password } })
  expectLocked(signUp)
  // Another email is not affected.
  const other = await s.signUp({ email: 'free@example.com', verify: false, plan: null })
  expect((await signIn('free@example.com', other.password)).status).toBe(200)

  // The window passes: a wrong password is an ordinary failure again (a new count starts at one)
  // and the right one gets in.
  await s.query(sql`update rate_limits set reset_at = now() - interval '1 second' where key like '%lock@example.com'`)
  expect((await signIn('lock@example.com', 'still wrong!')).status).toBe(401)
  const [row] = await s.query<{ count: number }>(sql`select count from rate_limits where key like '%lock@example.com'`)
  expect(row!.count).toBe(1)
  expect((await signIn('lock@example.com', user.password)).status).toBe(200)
}, 120_000)

test('an unknown email locks after 10 failures exactly like a known one', async () => {
  await fail('ghost@example.com', 10)
  expectLocked(await signIn('ghost@example.com', 'any password!'))
}, 120_000)

test('a successful sign-in clears the failures counted so far', async () => {
  const user = await s.signUp({ email: 'clear@example.com', verify: false, plan: null })
  await fail('clear@example.com', 9)
  expect((await signIn('clear@example.com', user.password)).status).toBe(200)
  // Without the clear this would be the 11th attempt in the window.
  expect((await signIn('clear@example.com', 'wrong again!')).status).toBe(401)
}, 120_000)

test('a burst of parallel guesses gets at most 10 tries before the lock', async () => {
  const user = await s.signUp({ email: 'burst@example.com', verify: false, plan: null })
  const results = await Promise.all(Array.from({ length: 16 }, (_, i) => signIn('burst@example.com', `guess number ${i}!`)))
  const statuses = results.map((r) => r.status)
  const checked = statuses.filter((st) => st === 401).length
  expect(checked).toBeLessThanOrEqual(10)
  expect(statuses.filter((st) => st !== 401).every((st) => st === 429)).toBe(true)
  // Guesses refused at the door because the derivations were saturated were never checked and do
  // not count (decision 27); checked ones do: the lock falls by the 10th wrong answer.
  let wrong = checked
  for (; wrong < 10; wrong++) {
    const late = await signIn('burst@example.com', `late guess ${wrong}!`)
    if (late.status === 429) break
    expect(late.status).toBe(401)
  }
  expect(wrong).toBeLessThanOrEqual(10)
  expectLocked(await signIn('burst@example.com', user.password))
}, 120_000)

test('resetting the password by mail lifts the lock', async () => {
  const user = await s.signUp({ email: 'reset@example.com', verify: false, plan: null })
  await fail('reset@example.com', 10)
  expectLocked(await signIn('reset@example.com', user.password))
  expect((await s.api('POST', '/api/auth/password/reset/request', { body: { email: 'reset@example.com' } })).status).toBe(200)
  const [mail] = await s.outbox('reset@example.com')
  const res = await s.api('POST', '/api/auth/password/reset', { body: { jwt: tokenOf(mail!.links[0]!), password: 'brand new pass!' } })
  expect(res.status).toBe(200)
  expect((await signIn('reset@example.com', 'brand new pass!')).status).toBe(200)
}, 120_000)

test('magic-link and reset mails are limited per address, answering known and unknown emails alike', async () => {
  await s.signUp({ email: 'mails@example.com', verify: false, plan: null })
  for (const path of ['/api/auth/magic', '/api/auth/password/reset/request']) {
    for (const email of ['mails@example.com', 'nomail@example.com']) {
      for (let i = 0; i < 5; i++) {
        const res = await s.api('POST', path, { body: { email } })
        expect(res.status, `${path} ${email} #${i + 1}`).toBe(200)
      }
      expectLocked(await s.api('POST', path, { body: { email } }))
    }
  }
  const mails = await s.outbox('mails@example.com')
  expect(mails.filter((m) => m.subject === 'Your sign-in link')).toHaveLength(5)
  expect(mails.filter((m) => m.subject === 'Reset your password')).toHaveLength(5)
  expect(await s.outbox('nomail@example.com')).toEqual([])
})

test('verification mails are limited per user', async () => {
  const user = await s.signUp({ email: 'verifies@example.com', verify: false, plan: null })
  const statuses: number[] = []
  for (let i = 0; i < 7; i++) statuses.push((await s.api('POST', '/api/user/verify/request', { token: user.token })).status)
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
  // The sign-up mail plus five on request.
  expect(await s.outbox('verifies@example.com')).toHaveLength(6)
})
