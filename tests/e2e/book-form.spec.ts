import { expect, test } from '@playwright/test'
import { readyUser, useToken } from './auth-helpers'
import { addServerBook, expectServerBooks, pickToday, serverBooks, today } from './books-helpers'

// Nothing here is about the service worker: each test's fresh context would precache the whole
// build (decision 51).
test.use({ serviceWorkers: 'block' })

// The book form's rules as a reader meets them (src/client/features/books, the shared
// src/shared/schemas/book.ts): an Amazon link fills Title and Author apart, a title past the
// limit is said rather than cut, and dates out of order are refused on the Finished field.

test('an Amazon link fills Title and Author apart; a title past 300 characters is said, not cut', async ({
  page,
  request,
}) => {
  const { token } = await readyUser(request, { name: 'Lia Links' })
  await useToken(page, token)
  await page.goto('/books/new')
  const title = page.locator('input[name="title"]')
  const author = page.locator('input[name="author"]')
  await page
    .locator('input[name="link"]')
    .fill('https://www.amazon.com/Project-Hail-Mary-Andy-Weir/dp/0593135202/ref=sr_1_1')
  await expect(title).toHaveValue('Project Hail Mary')
  await expect(author).toHaveValue('Andy Weir')
  await expect(page.getByTestId('link-found')).toHaveText('Book link recognised: ISBN 0593135202')

  // A pasted title longer than the limit stays whole, counted, with the field's message.
  const long = 'A'.repeat(310)
  await title.fill(long)
  await expect(title).toHaveValue(long)
  await expect(page.getByText('310/300')).toBeVisible()
  await expect(page.getByText('Title must be at most 300 characters')).toBeVisible()
  await expect(title).toHaveAttribute('aria-invalid', 'true')
  await page.getByRole('button', { name: 'Add book' }).click()
  await expect(page).toHaveURL(/\/books\/new$/)
  await title.fill('Project Hail Mary')
  await expect(page.getByText('Title must be at most 300 characters')).toHaveCount(0)
  await page.getByRole('button', { name: 'Add book' }).click()
  await expect(page).toHaveURL(/\/books$/)
  await expectServerBooks(request, token, (b) => [b.title, b.author, b.isbn], [
    ['Project Hail Mary', 'Andy Weir', '0593135202'],
  ])
})

test('a finished date before the started date is refused on the Finished field, and nothing is saved', async ({
  page,
  request,
}) => {
  const { token } = await readyUser(request, { name: 'Dan Dates' })
  const book = await addServerBook(request, token, { title: 'Walden', finished_at: '2024-01-05' })
  await useToken(page, token)
  await page.goto(`/books/${book.id}/edit`)
  await expect(page.locator('input[name="title"]')).toHaveValue('Walden')
  await pickToday(page, 'Started')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('The finished date cannot be before the started date')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/books/${book.id}/edit$`))
  expect((await serverBooks(request, token)).map((b) => [b.started_at, b.finished_at])).toEqual([[null, '2024-01-05']])

  // Without the finished date the dates are in order: it saves.
  const finished = page.locator('input[type="hidden"][name="finished_at"]').locator('xpath=..')
  await finished.getByRole('button', { name: 'Clear date' }).click()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(/\/books$/)
  await expectServerBooks(request, token, (b) => [b.started_at, b.finished_at], [[today().iso, null]])
})
