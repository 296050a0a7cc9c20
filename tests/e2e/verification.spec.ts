import { expect, test, type Page } from '@playwright/test'
import { mailedLink, notifications, PASSWORD, pathOf, uniqueEmail } from './auth-helpers'

// Nothing here is about the service worker: each test's fresh context would precache the whole
// build (decision 51).
test.use({ serviceWorkers: 'block' })

// Verification as a newcomer lives it: one confirmation per link, a first plan choice
// that is not called an update, and a "Check your email" tab that notices the link was opened
// elsewhere without being reloaded.

async function signUp(page: Page, email: string) {
  await page.goto('/signup')
  await page.locator('input[name="name"]').fill('Vera Fied')
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(PASSWORD)
  await page.locator('input[name="confirm_password"]').fill(PASSWORD)
  await page.locator('button[type="submit"]').click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
}

test('opening the link says verified once; the first plan choice says which plan', async ({ page, request }) => {
  const email = uniqueEmail('once')
  await signUp(page, email)
  await page.goto(pathOf(await mailedLink(request, email, '/signup/verify')))
  await expect(page.getByRole('heading', { name: 'Choose a plan' })).toBeVisible()
  await expect(page.locator('input[name="plan"][value="free"]')).toBeChecked()
  // The page that verified was mounted once: one call, one toast (it used to be two).
  await expect(notifications(page).getByText('Your email address is verified')).toHaveCount(1)
  await page.locator('button[type="submit"]').click()
  // The toast first: it closes by itself after 5 s, which a slow page load could outlast.
  await expect(notifications(page).getByText("You're on the Free plan")).toBeVisible()
  await expect(page).toHaveURL(/\/welcome$/)
  await expect(notifications(page).getByText('Your plan has been updated')).toHaveCount(0)
})

test('the waiting tab moves on when the link is opened in another tab', async ({ context, request }) => {
  const email = uniqueEmail('tabs')
  const waiting = await context.newPage()
  await signUp(waiting, email)
  const other = await context.newPage()
  const opened = other.goto(pathOf(await mailedLink(request, email, '/signup/verify')))
  // No reload: the stored session changed under it (storage event, Dexie's live query).
  await expect(waiting).toHaveURL(/\/signup\/plan$/)
  await expect(notifications(waiting).getByText('Your email address is verified')).toBeVisible()
  await expect(waiting.getByRole('heading', { name: 'Choose a plan' })).toBeVisible()
  await opened
  await expect(other).toHaveURL(/\/signup\/plan$/)
})

test('the waiting tab moves on when the link is opened on another device', async ({ page, browser, request }) => {
  const email = uniqueEmail('device')
  await signUp(page, email)
  const device = await browser.newContext()
  try {
    const phone = await device.newPage()
    await phone.goto(pathOf(await mailedLink(request, email, '/signup/verify')))
    // Another browser shares nothing with this tab: the light poll of GET /api/auth finds it.
    await expect(phone).toHaveURL(/\/signup\/plan$/)
    await expect(page).toHaveURL(/\/signup\/plan$/, { timeout: 30_000 })
    await expect(page.getByRole('heading', { name: 'Choose a plan' })).toBeVisible()
  } finally {
    await device.close()
  }
})
