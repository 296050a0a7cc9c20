import { expect, test, type APIRequestContext, type Browser, type Page, type Request } from '@playwright/test'
import { mailedLink, PASSWORD, readyUser, uniqueEmail, useToken } from './auth-helpers'
import { api, payingOwner } from './billing-helpers'
import { addServerBook, bookRow, syncBadge } from './books-helpers'

// decisions "Live across devices": a change made on one device (or with an API key, or by a
// teammate) shows on the account's other signed-in devices within seconds, with no reload and no
// focus change: the app keeps GET /api/sync/stream open and pulls on each announcement. With the
// stream blocked, the periodic pull still brings the change.

test.describe.configure({ timeout: 120_000 })

/** A device: its own browser context (own storage, own Web Lock), signed in with `token`. */
async function device(browser: Browser, token: string, opts: { blockStream?: boolean; clock?: boolean } = {}) {
  const context = await browser.newContext()
  const page = await context.newPage()
  if (opts.clock) await page.clock.install()
  if (opts.blockStream) await page.route('**/api/sync/stream', (route) => route.abort())
  await useToken(page, token)
  const stream = opts.blockStream ? null : page.waitForRequest('**/api/sync/stream')
  await page.goto('/books')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The stream is open (its answer's headers arrived) before anything else happens.
  const request = stream ? await stream : null
  if (request) await request.response()
  return { page, stream: request, close: () => context.close() }
}

async function signInAgain(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth', { data: { email, password: PASSWORD } })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: { token: string } }).data.token
}

/** Settles when a stream request of the page is over: ended by the server, or closed by the page. */
async function streamEnds(page: Page) {
  const isStream = (r: Request) => r.url().endsWith('/api/sync/stream')
  const over = (waiting: Promise<Request>) =>
    waiting.then(
      () => 'ended',
      () => 'still open',
    )
  return Promise.race([
    over(page.waitForEvent('requestfinished', { predicate: isStream, timeout: 15_000 })),
    over(page.waitForEvent('requestfailed', { predicate: isStream, timeout: 15_000 })),
  ])
}

test('the same reader on two devices: a book added on one shows on the other without reload or focus', async ({ browser, request }) => {
  const { email, token } = await readyUser(request, { name: 'Two Devices' })
  const phone = await device(browser, token)
  const laptop = await device(browser, await signInAgain(request, email))

  await laptop.page.goto('/books/new')
  await laptop.page.locator('input[name="title"]').fill('The Left Hand of Darkness')
  await laptop.page.getByRole('button', { name: 'Add book' }).click()
  await expect(bookRow(laptop.page, 'The Left Hand of Darkness')).toBeVisible()
  await expect(bookRow(phone.page, 'The Left Hand of Darkness')).toBeVisible({ timeout: 5_000 })

  await phone.close()
  await laptop.close()
})

test('two members of one account, and an API key: each change shows on the other devices within seconds', async ({ browser, request }) => {
  const owner = await payingOwner(request)
  const member = await readyUser(request, { name: 'Teammate', email: uniqueEmail('teammate') })
  expect((await request.post('/api/invite', { headers: api(owner.token), data: { email: member.email, permission: 'user' } })).status()).toBe(200)
  const link = new URL(await mailedLink(request, member.email, '/signup/user'))
  const accepted = await request.post('/api/invite/accept', {
    headers: api(member.token),
    data: { invite_id: link.searchParams.get('invite_id'), token: link.searchParams.get('token') },
  })
  expect(accepted.status()).toBe(200)
  const memberToken = ((await accepted.json()) as { data: { token: string } }).data.token
  const key = await request.post('/api/key', { headers: api(owner.token), data: { name: 'Script', scope: ['books.read', 'books.write'] } })
  expect(key.status()).toBe(200)
  const fullKey = ((await key.json()) as { data: { full_key: string } }).data.full_key

  const ownerDevice = await device(browser, owner.token)
  const memberDevice = await device(browser, memberToken)
  await addServerBook(request, memberToken, { title: 'Shared by the teammate' })
  await expect(bookRow(ownerDevice.page, 'Shared by the teammate')).toBeVisible({ timeout: 5_000 })
  await addServerBook(request, fullKey, { title: 'Added by a script' })
  await expect(bookRow(ownerDevice.page, 'Added by a script')).toBeVisible({ timeout: 5_000 })
  await expect(bookRow(memberDevice.page, 'Added by a script')).toBeVisible({ timeout: 5_000 })
  await ownerDevice.close()
  await memberDevice.close()
})

test('the stream closes on sign-out, and when the session is revoked elsewhere', async ({ browser, request }) => {
  const { email, token } = await readyUser(request, { name: 'Closing Streams' })
  const first = await device(browser, token)
  const ended = streamEnds(first.page)
  await first.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click()
  await expect(first.page).toHaveURL(/\/signin$/)
  expect(await ended).toBe('ended')

  const second = await device(browser, await signInAgain(request, email))
  const revoked = streamEnds(second.page)
  const secondToken = await second.page.evaluate(() => localStorage.getItem('token'))
  expect((await request.delete('/api/auth', { headers: api(secondToken!) })).status()).toBe(200)
  expect(await revoked).toBe('ended')
  await first.close()
  await second.close()
})

test('with the stream blocked, the periodic pull still brings another device’s change', async ({ browser, request }) => {
  const { token } = await readyUser(request, { name: 'No Stream' })
  const blocked = await device(browser, token, { blockStream: true, clock: true })
  // The first pull is over (the next one is set for a minute after it) before the clock moves:
  // moved while that pull is still running, the clock would pass no timer.
  await expect(syncBadge(blocked.page)).toHaveText('Synced')
  await addServerBook(request, token, { title: 'Arrives by the timer' })
  // The pull runs a minute after the last one: the page's clock is moved on instead of waited for.
  await blocked.page.clock.fastForward('01:05')
  await expect(bookRow(blocked.page, 'Arrives by the timer')).toBeVisible({ timeout: 10_000 })
  await blocked.close()
})
