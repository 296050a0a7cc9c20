import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { isPublicApiCall } from '../../src/shared/public-api'
import { notifications, PASSWORD, readyUser, signInWithPassword, signOutFromApp } from './auth-helpers'
import { auth, bookRow, controlledBySw, expectServerBooks, syncBadge } from './books-helpers'

// A quiet console. Offline, the sync engine sends nothing (no failed
// request, no console error) until the connection returns, then syncs at once. Sign-out sends no
// private call without its token and none that comes back 401.

/** Console errors and warnings, failed requests and /api requests, from every page and worker. */
function watch(context: BrowserContext) {
  const seen = { console: [] as string[], failed: [] as string[], api: [] as string[] }
  context.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.console.push(`${m.type()}: ${m.text()}`)
  })
  context.on('requestfailed', (r) => seen.failed.push(`${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`))
  context.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) seen.api.push(`${r.method()} ${r.url()}`)
  })
  const clear = () => {
    seen.console.length = 0
    seen.failed.length = 0
    seen.api.length = 0
  }
  return { seen, clear }
}

async function signIn(page: Page, email: string) {
  await signInWithPassword(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/(welcome|dashboard)$/)
}

test('offline on /books for 15 s while adding a book: no request, no failure, no console noise; online it syncs', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000)
  const { email, token } = await readyUser(request, { name: 'Quiet Quinn' })
  await signIn(page, email)
  await page.goto('/books')
  await expect(syncBadge(page)).toHaveText('Synced')
  await controlledBySw(page)

  const { seen, clear } = watch(context)
  await context.setOffline(true)
  await expect(syncBadge(page)).toContainText(/offline/i)
  clear() // from here on the browser knows it is offline

  await page
    .getByRole('link', { name: /Add (a|your first) book/ })
    .first()
    .click()
  await page.locator('input[name="title"]').fill('Silent Spring')
  await page.getByRole('button', { name: 'Add book' }).click()
  await expect(notifications(page).getByText('Added “Silent Spring”')).toBeVisible()
  await expect(bookRow(page, 'Silent Spring')).toBeVisible()
  await expect(syncBadge(page)).toHaveText('Offline · 1 to sync')
  // Proving an absence: what a retrying engine would have done within these seconds (attempts
  // after 0.5–1 s, 1–2 s, 2–4 s, 4–8 s) did not happen.
  await page.waitForTimeout(15_000)
  expect(seen.api, 'requests to /api while offline').toEqual([])
  expect(seen.failed, 'failed requests while offline').toEqual([])
  expect(seen.console, 'console errors and warnings while offline').toEqual([])

  await context.setOffline(false)
  await expectServerBooks(request, token, (b) => b.title, ['Silent Spring'])
  await expect(syncBadge(page)).toHaveText('Synced')
  await expect(bookRow(page, 'Silent Spring').getByText('Synced')).toBeAttached()
  expect(seen.failed, 'failed requests after the connection returned').toEqual([])
  expect(seen.console, 'console errors and warnings after the connection returned').toEqual([])
})

test('sign-out from the dashboard: no call without its token, none answered 401, no console error', async ({
  page,
  context,
  request,
}) => {
  const { email } = await readyUser(request, { name: 'Sam Signout' })
  await signIn(page, email)
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: /Sam Signout/ })).toBeVisible()

  const { seen } = watch(context)
  const unauthorized: string[] = []
  const tokenless: string[] = []
  let signOutToken: string | undefined
  const pending: Promise<void>[] = []
  context.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (!path.startsWith('/api/')) return
    pending.push(
      r.allHeaders().then((headers) => {
        const bearer = headers.authorization?.replace(/^Bearer\s+/i, '')
        if (r.method() === 'DELETE' && path === '/api/auth') signOutToken = bearer
        if (!bearer && !isPublicApiCall(r.method(), path)) tokenless.push(`${r.method()} ${path}`)
      }),
    )
  })
  context.on('response', (res) => {
    if (res.status() === 401) unauthorized.push(`${res.request().method()} ${res.url()}`)
  })

  await signOutFromApp(page)
  await expect(page.locator('input[name="email"]')).toBeVisible()
  // Proving an absence: a query of the page just left would ask again right after sign-out.
  await page.waitForTimeout(2_000)
  await Promise.all(pending)

  expect(unauthorized, 'answers 401').toEqual([])
  expect(tokenless, 'private calls without a token').toEqual([])
  expect(
    seen.console.filter((m) => m.startsWith('error')),
    'console errors',
  ).toEqual([])
  // The session really ended on the server: the sign-out call carried it.
  expect(signOutToken).toBeTruthy()
  expect((await request.get('/api/user', { headers: auth(signOutToken!) })).status()).toBe(401)
})

test('a browser that refuses the service worker (a private window, a policy) gets no uncaught error', async ({ browser, request }) => {
  const { token } = await readyUser(request, { name: 'Private Pat' })
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const errors: string[] = []
  context.on('weberror', (e) => errors.push(e.error().message))
  const page = await context.newPage()
  await page.addInitScript((t) => localStorage.setItem('token', t), token)
  await page.goto('/books')
  await expect(page.getByRole('heading', { name: 'Your list is empty' })).toBeVisible()
  // Registration is tried once the page has loaded and is idle; then the tab comes back to the
  // foreground, which looks for a new version.
  await page.waitForFunction(() => document.readyState === 'complete')
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => setTimeout(done, 500))))
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await expect(page.getByRole('heading', { name: 'Your list is empty' })).toBeVisible()
  expect(errors).toEqual([])
  await context.close()
})
