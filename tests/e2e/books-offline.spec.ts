import { expect, test } from '@playwright/test'
import { notifications, readyUser, useToken } from './auth-helpers'
import { auth, bookRow, controlledBySw, expectServerBooks, rate, syncBadge } from './books-helpers'

// The sync guarantees, as a reader on a phone without a connection sees them: writes made
// offline show at once, survive a reload and a closed tab, and reach the server exactly once
// when the connection returns. Offline notices say "offline".

test('offline: add, edit, rate and delete; reload; close the tab; online again the server holds exactly the result', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000)
  const { token } = await readyUser(request, { name: 'Olga Offline' })
  await useToken(page, token)
  await page.goto('/books')
  await expect(syncBadge(page)).toHaveText('Synced')
  await controlledBySw(page)

  await context.setOffline(true)
  await expect(syncBadge(page)).toContainText(/offline/i)

  const add = async (title: string, stars: number) => {
    await page
      .getByRole('link', { name: /Add (a|your first) book/ })
      .first()
      .click()
    await page.locator('input[name="title"]').fill(title)
    await rate(page, stars)
    await page.getByRole('button', { name: 'Add book' }).click()
    await expect(notifications(page).getByText(`Added “${title}”`)).toBeVisible()
    await expect(bookRow(page, title)).toBeVisible()
  }
  await add('Kindred', 3)
  await add('Beloved', 4)
  await add('Sula', 2)

  // Edit one: author and rating
  const kindred = bookRow(page, 'Kindred')
  await kindred.getByRole('link', { name: 'Edit “Kindred”' }).click()
  await page.locator('input[name="author"]').fill('Octavia E. Butler')
  await rate(page, 5)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(kindred.getByRole('radio', { name: '5 stars' })).toBeChecked()
  await expect(kindred.getByText('Octavia E. Butler')).toBeVisible()

  // Delete one
  await page.getByRole('button', { name: 'Delete “Beloved”' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(bookRow(page, 'Beloved')).toBeHidden()

  await expect(kindred.getByText('Waiting to sync')).toBeAttached()
  await expect(syncBadge(page)).toContainText(/Offline · \d+ to sync/)
  // Nothing reached the server yet.
  await expectServerBooks(request, token, (b) => b.title, [])

  // Reload offline: the service worker serves the shell, Dexie the list.
  await page.reload()
  await expect(bookRow(page, 'Kindred')).toBeVisible()
  await expect(bookRow(page, 'Sula')).toBeVisible()
  await expect(bookRow(page, 'Beloved')).toBeHidden()
  await expect(syncBadge(page)).toContainText(/offline/i)

  // Close the tab, open a new one in the same browser, still offline.
  await page.close()
  const next = await context.newPage()
  await next.goto('/books')
  await expect(bookRow(next, 'Kindred')).toBeVisible()
  await expect(next.getByRole('list', { name: 'Your books' }).getByRole('listitem')).toHaveCount(2)
  // One more edit from the new tab.
  await next.getByRole('link', { name: 'Edit “Sula”' }).click()
  await next.locator('textarea[name="review"]').fill('Short and sharp.')
  await next.getByRole('button', { name: 'Save changes' }).click()
  await expect(notifications(next).getByText('Saved “Sula”')).toBeVisible()

  await context.setOffline(false)
  await expectServerBooks(request, token, (b) => [b.title, b.author, b.rating, b.review], [
    ['Kindred', 'Octavia E. Butler', 5, null],
    ['Sula', null, 2, 'Short and sharp.'],
  ])
  await expect(syncBadge(next)).toHaveText('Synced')
  await expect(bookRow(next, 'Kindred').getByText('Synced')).toBeAttached()
  // Exactly once: a second look later still shows the same two books.
  await next.waitForTimeout(1500)
  await expectServerBooks(request, token, (b) => b.title, ['Kindred', 'Sula'])
})

test('share target offline: /books/new?title=…&text=… adds the book and it reaches the server online', async ({
  page,
  context,
  request,
}) => {
  const { token } = await readyUser(request, { name: 'Sam Share' })
  await useToken(page, token)
  await page.goto('/books')
  await expect(syncBadge(page)).toHaveText('Synced')
  await controlledBySw(page)

  await context.setOffline(true)
  await page.goto('/books/new?title=Dune&text=You%20will%20love%20this%20one')
  await expect(page).toHaveURL(/\/books$/)
  await expect(notifications(page).getByText('Added “Dune”')).toBeVisible()
  await expect(bookRow(page, 'Dune')).toBeVisible()
  // A retailer link shared without a title names the book itself.
  const link = encodeURIComponent('https://www.amazon.com/Left-Hand-Darkness-Ursula-Guin/dp/0441478123')
  await page.goto(`/books/new?text=Look%20${link}`)
  await expect(notifications(page).getByText('Added “Left Hand Darkness Ursula Guin”')).toBeVisible()

  await context.setOffline(false)
  await expectServerBooks(request, token, (b) => [b.title, b.isbn], [
    ['Dune', null],
    ['Left Hand Darkness Ursula Guin', '0441478123'],
  ])
})

test('offline, a reopened list is drawn with its first rows, before the books are counted', async ({
  page,
  context,
  request,
}) => {
  const { token } = await readyUser(request, { name: 'Fran First' })
  for (const title of ['Middlemarch', 'Persuasion', 'Villette'])
    expect((await request.post('/api/books', { data: { title }, headers: auth(token) })).status()).toBe(201)
  await useToken(page, token)
  await page.goto('/books')
  await expect(page.getByText('3 books on your list')).toBeVisible()
  await controlledBySw(page)
  // When the first book row and the count in the header first appear, in the reopened page.
  await page.addInitScript(() => {
    const seen: Record<string, number> = {}
    ;(window as unknown as { seen: Record<string, number> }).seen = seen
    new MutationObserver(() => {
      if (!('row' in seen) && document.querySelector('[data-book-id]')) seen.row = performance.now()
      if (!('placeholder' in seen) && document.querySelector('li > [aria-hidden="true"]'))
        seen.placeholder = performance.now()
      if (!('count' in seen) && document.body.innerText.includes('3 books on your list')) seen.count = performance.now()
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  await context.setOffline(true)
  await page.reload()
  await expect(bookRow(page, 'Villette')).toBeVisible()
  await expect(page.getByText('3 books on your list')).toBeVisible()
  const seen = await page.evaluate(() => (window as unknown as { seen: Record<string, number> }).seen)
  // Counting walks the whole index of books; the rows do not wait for it. They are read as the
  // page opens, so the list is drawn with them, never with placeholder rows first.
  expect(seen.row).toBeLessThan(seen.count!)
  expect(seen.placeholder).toBeUndefined()
  // Once counted, each row says where it is in the whole list.
  await expect(page.locator('li[aria-posinset="1"]')).toHaveAttribute('aria-setsize', '3')
})
