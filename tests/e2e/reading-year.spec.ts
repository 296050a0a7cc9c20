import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { fileURLToPath } from 'node:url'
import { expectAccessible } from './a11y'
import { notifications, readyUser, useToken } from './auth-helpers'
import { addServerBook, auth, controlledBySw, pickToday, syncBadge, today } from './books-helpers'

// decisions, the reader's year: a reading goal set on the device (offline too) and synced like a
// book change; the dashboard's goal card and /stats computed from the books on the device.

const year = () => Number(today().iso.slice(0, 4))
const goalCard = (page: Page) => page.getByTestId('goal-card').locator('xpath=ancestor::section[1]')

async function serverGoals(request: APIRequestContext, token: string) {
  const res = await request.get('/api/goals', { headers: auth(token) })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: { year: number; books: number }[] }).data
}

test('a goal set offline survives a reload, reaches the server when back online, and another device sees it after a pull', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const { token } = await readyUser(request, { name: 'Gwen Goal' })
  const y = year()

  // The second device is open before the goal exists.
  const other = await browser.newContext()
  const laptop = await other.newPage()
  await useToken(laptop, token)
  await laptop.goto('/dashboard')
  await expect(goalCard(laptop)).toContainText(`No goal for ${y} yet`)

  await useToken(page, token)
  await page.goto('/dashboard')
  await expect(syncBadge(page)).toHaveText('Synced')
  await controlledBySw(page)
  await context.setOffline(true)
  await expect(syncBadge(page)).toContainText(/offline/i)

  const card = goalCard(page)
  await expect(card).toContainText(`No goal for ${y} yet`)
  await card.locator('input[name="books"]').fill('0')
  await card.getByRole('button', { name: 'Set goal' }).click()
  await expect(card.getByText('The goal must be a whole number of books from 1 to 1000')).toBeVisible()
  await card.locator('input[name="books"]').fill('12')
  await card.getByRole('button', { name: 'Set goal' }).click()
  await expect(page.getByTestId('goal-progress')).toHaveText(`0 of 12 books read in ${y}`)
  await expect(syncBadge(page)).toContainText(/Offline · 1 to sync/)
  expect(await serverGoals(request, token)).toEqual([])

  await page.reload()
  await expect(page.getByTestId('goal-progress')).toHaveText(`0 of 12 books read in ${y}`)
  await page.getByTestId('goal-progress').click()
  await expect(page).toHaveURL(/\/stats$/)
  await expect(page.getByTestId('stats-goal')).toContainText(`0 of 12 books read in ${y}`)

  await context.setOffline(false)
  await expect.poll(() => serverGoals(request, token)).toEqual([{ year: y, books: 12 }])
  await expect(syncBadge(page)).toHaveText('Synced')

  // The other device pulls (its "Sync now") and shows the goal without a reload.
  await syncBadge(laptop).click()
  await laptop.getByRole('button', { name: 'Sync now' }).click()
  await expect(laptop.getByTestId('goal-progress')).toHaveText(`0 of 12 books read in ${y}`)
  await other.close()
})

test('finishing books moves the dashboard card and /stats', async ({ page, request }) => {
  const { token } = await readyUser(request, { name: 'Fay Finisher' })
  const y = year()
  expect((await request.put(`/api/goals/${y}`, { headers: auth(token), data: { books: 4 } })).status()).toBe(200)
  await addServerBook(request, token, {
    title: 'The Left Hand of Darkness',
    author: 'Ursula K. Le Guin',
    finished_at: `${y}-01-01`,
    pages: 304,
    rating: 4,
  })
  const open = await addServerBook(request, token, { title: 'A Wizard of Earthsea', author: 'Ursula K. Le Guin' })
  await useToken(page, token)
  await page.goto('/dashboard')
  await expect(page.getByTestId('goal-progress')).toHaveText(`1 of 4 books read in ${y}`)

  await page.goto(`/books/${open.id}/edit`)
  await pickToday(page, 'Finished')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(notifications(page).getByText('Saved “A Wizard of Earthsea”')).toBeVisible()

  await page.goto('/dashboard')
  await expect(page.getByTestId('goal-progress')).toHaveText(`2 of 4 books read in ${y}`)
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50')
  await expectAccessible(page, 'dashboard goal card')

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stats' }).click()
  await expect(page).toHaveURL(/\/stats$/)
  await expect(page).toHaveTitle(/Stats/)
  await expect(page.getByTestId('stats-goal')).toContainText(`2 of 4 books read in ${y}`)
  const figures = page.getByRole('list', { name: `Figures for ${y}` })
  await expect(figures).toContainText('Books finished2')
  await expect(figures).toContainText('Pages read304')
  await expect(figures).toContainText('From the 1 book with a page count')
  await expect(figures).toContainText('Average rating4.0')
  await expect(page.getByRole('region', { name: 'Top authors' })).toContainText('Ursula K. Le Guin2 books')
  await expect(page.getByTestId('stats-longest')).toContainText('The Left Hand of Darkness')
  await expectAccessible(page, '/stats')
  // The book without pages is listed, linked to its edit page.
  await page.getByTestId('stats-missing-pages').getByRole('link', { name: 'A Wizard of Earthsea' }).click()
  await expect(page).toHaveURL(new RegExp(`/books/${open.id}/edit$`))
  // The chart's table view.
  await page.goto('/stats')
  await page.getByText('Show the data as a table').click()
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
  await expect(page.getByRole('row', { name: `${month.format(new Date(Date.UTC(y, 0, 1)))} ` })).toBeVisible()
})

test('an imported Goodreads history shows its years on /stats', async ({ page, request }) => {
  const { token } = await readyUser(request, { name: 'Hal History' })
  await useToken(page, token)
  await page.goto('/books/import')
  await page
    .locator('input[type="file"]')
    .setInputFiles(fileURLToPath(new URL('../fixtures/import/goodreads_library_export.csv', import.meta.url)))
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: /Import finished/ })).toBeVisible()

  await page.goto('/stats')
  const picker = page.getByRole('combobox', { name: 'Year' })
  await expect(picker.locator('option')).toContainText([String(year()), '2021', '2019'])
  await picker.selectOption('2019')
  await expect(page).toHaveURL(/\/stats\?year=2019$/)
  await expect(page.getByRole('list', { name: 'Figures for 2019' })).toContainText('Books finished1')
  await expect(page.getByRole('region', { name: 'Top authors' })).toContainText('Gabriel García Márquez')
  await expect(page.getByTestId('stats-longest')).toContainText('Cien años de soledad')
  await page.getByRole('button', { name: 'Next year' }).click()
  await expect(page).toHaveURL(/year=2020$/)
  await expect(page.getByRole('list', { name: 'Figures for 2020' })).toContainText('Books finished0')
  await page.getByRole('button', { name: 'Next year' }).click()
  await expect(page.getByTestId('stats-longest')).toContainText('Project Hail Mary')
  // Every past year is reachable, also those without a finished book.
  await page.goto('/stats?year=1999')
  await expect(page.getByRole('heading', { name: 'Reading goal' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Figures for 1999' })).toContainText('Books finished0')
})
