import { expect, test } from '@playwright/test'
import { mailedLink, notifications, PASSWORD, pathOf, readyUser } from './auth-helpers'
import { bookRow, expectServerBooks } from './books-helpers'

// Nothing here is about the service worker: each test's fresh context would precache the whole
// build (decision 51).
test.use({ serviceWorkers: 'block' })

// A share (manifest share_target: GET /books/new?title=…&text=…&url=…) that arrives while the
// reader is signed out: the route guard sends them to /signin?redirect=…, and signing in (with
// the password or a magic link) comes back to the share, which adds the book. The redirect only
// ever leads to a path of this origin.

const SHARE = '/books/new?title=The%20Dispossessed&text=Worth%20a%20read&url=https%3A%2F%2Fexample.com%2Fbook'

async function expectSignInWithShare(page: import('@playwright/test').Page) {
  await expect(page).toHaveURL(/\/signin\?/)
  const redirect = new URL(page.url()).searchParams.get('redirect')
  expect(redirect).toMatch(/^\/books\/new\?/)
  // The same share (the router may spell a space `+` rather than `%20`).
  const back = new URL(redirect!, 'http://x')
  expect(Object.fromEntries(back.searchParams)).toEqual(Object.fromEntries(new URL(SHARE, 'http://x').searchParams))
  await expect(page.locator('input[name="email"]')).toBeVisible()
}

test('a share while signed out: sign in with the password and the shared book is added', async ({ page, request }) => {
  const { email, token } = await readyUser(request, { name: 'Sid Share' })
  await page.goto(SHARE)
  await expectSignInWithShare(page)

  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(PASSWORD)
  await page.locator('button[type="submit"]').click()

  await expect(page).toHaveURL(/\/books$/)
  await expect(notifications(page).getByText('Added “The Dispossessed”')).toBeVisible()
  await expect(bookRow(page, 'The Dispossessed')).toBeVisible()
  await expectServerBooks(request, token, (b) => b.title, ['The Dispossessed'])
})

test('a share while signed out: a magic link requested there also comes back to the share', async ({ page, request }) => {
  const { email, token } = await readyUser(request, { name: 'Mia Magic' })
  await page.goto(SHARE)
  await expectSignInWithShare(page)

  await page.getByRole('button', { name: 'Use a magic link instead' }).click()
  await page.locator('input[name="email"]').fill(email)
  await page.locator('button[type="submit"]').click()
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible()
  const link = await mailedLink(request, email, '/magic')

  // The mail app opens the link in a new tab of the same browser.
  const tab = await page.context().newPage()
  await tab.goto(pathOf(link))
  await expect(tab).toHaveURL(/\/books$/)
  await expect(bookRow(tab, 'The Dispossessed')).toBeVisible()
  await expectServerBooks(request, token, (b) => b.title, ['The Dispossessed'])
  // Used once: the next sign-in goes to the usual place.
  expect(await tab.evaluate(() => localStorage.getItem('signin-redirect'))).toBeNull()
})

test('a redirect to another origin is ignored: sign-in goes to the usual page', async ({ page, request }) => {
  const { email } = await readyUser(request, { name: 'Otto Origin' })
  for (const evil of ['//evil.example/books', 'https://evil.example/', '/\\evil.example']) {
    await page.goto(`/signin?redirect=${encodeURIComponent(evil)}`)
    await page.locator('input[name="email"]').fill(email)
    await page.locator('input[name="password"]').fill(PASSWORD)
    await page.locator('button[type="submit"]').click()
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/welcome$/)
    await page.evaluate(() => localStorage.clear())
  }
})

test('the dashboard, where sign-in leads anyway, carries no redirect', async ({ page }) => {
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/signin$/)
  await page.goto('/books?q=dune')
  await expect(page).toHaveURL(/\/signin\?redirect=/)
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/books?q=dune')
})
