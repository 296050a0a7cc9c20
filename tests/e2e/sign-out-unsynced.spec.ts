import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { notifications, PASSWORD, readyUser, signInWithPassword, signOutFromApp } from './auth-helpers'
import { bookRow, controlledBySw, expectServerBooks, syncBadge } from './books-helpers'

// Signing out wipes the device. A change made offline that has not reached the
// server must not vanish without a word: the reader is asked, and staying keeps it until it syncs.

/** A signed-in reader on /books who adds one book while offline; answers their API token. */
async function addOffline(page: Page, context: BrowserContext, request: APIRequestContext, name: string, title: string) {
  const { email, token } = await readyUser(request, { name })
  await signInWithPassword(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/(welcome|dashboard)$/)
  await page.goto('/books')
  await expect(syncBadge(page)).toHaveText('Synced')
  await controlledBySw(page)
  await context.setOffline(true)
  await expect(syncBadge(page)).toContainText(/offline/i)
  await page.getByRole('link', { name: /Add (a|your first) book/ }).first().click()
  await page.locator('input[name="title"]').fill(title)
  await page.getByRole('button', { name: 'Add book' }).click()
  await expect(notifications(page).getByText(`Added “${title}”`)).toBeVisible()
  await expect(syncBadge(page)).toHaveText('Offline · 1 to sync')
  return token
}

test('offline with a change not yet synced, sign-out asks first; staying keeps it and it syncs online', async ({
  page,
  context,
  request,
}) => {
  const token = await addOffline(page, context, request, 'Careful Cal', 'Walden')

  const rail = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' })
  await rail.click()
  const ask = page.getByRole('alertdialog', { name: '1 change has not been saved to your account yet' })
  await expect(ask).toBeVisible()
  await expect(ask).toContainText('You are offline')
  await expect(ask.getByRole('button', { name: 'Stay signed in' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(ask).toBeHidden()
  await expect(page).toHaveURL(/\/books$/)
  await expect(bookRow(page, 'Walden')).toBeVisible()

  await context.setOffline(false)
  await expect(syncBadge(page)).toHaveText('Synced')
  await expectServerBooks(request, token, (b) => b.title, ['Walden'])
  // Nothing waiting: sign-out goes straight through.
  await signOutFromApp(page)
})

test('"Sign out and delete them" signs out offline, and says so before', async ({ page, context, request }) => {
  const token = await addOffline(page, context, request, 'Hasty Hal', 'Middlemarch')

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click()
  const ask = page.getByRole('alertdialog')
  await ask.getByRole('button', { name: 'Sign out and delete them' }).click()
  await expect(page).toHaveURL(/\/signin$/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  await context.setOffline(false)
  await expectServerBooks(request, token, (b) => b.title, [])
})
