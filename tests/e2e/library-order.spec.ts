import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { notifications, readyUser, useToken } from './auth-helpers'
import {
  addServerBook,
  auth,
  bookRow,
  expectServerBooks,
  listedTitles,
  serverBooks,
  serverUpNext,
  syncBadge,
} from './books-helpers'

// Nothing here is about the service worker: each test's fresh context would precache the whole
// build (decision 51).
test.use({ serviceWorkers: 'block' })

// "Up next" (decision 35): reordered by dragging and from the keyboard on /books, synced
// field-level, shown in that order on the public list. The book page, and an
// Undo of a delete that restores every field.

async function reader(page: Page, request: APIRequestContext, titles: string[]) {
  const { token } = await readyUser(request, { name: 'Uma Upnext' })
  // Each new book goes on top: add them last first so the list reads as `titles`.
  for (const title of [...titles].reverse()) await addServerBook(request, token, { title })
  await useToken(page, token)
  await page.goto('/books')
  await expect(syncBadge(page)).toHaveText('Synced')
  await expect.poll(() => listedTitles(page)).toEqual(titles)
  return token
}

async function publicOrder(request: APIRequestContext, token: string) {
  const slug = `upnext-${Date.now().toString(36)}`
  expect((await request.patch('/api/url', { data: { slug }, headers: auth(token) })).status()).toBe(200)
  return async () =>
    (
      (await (await request.get(`/api/public/${slug}`)).json()) as { data: { books: { title: string }[] } }
    ).data.books.map((b) => b.title)
}

test('drag a book by its handle to change its place; the server and the public list follow', async ({
  page,
  request,
}) => {
  const token = await reader(page, request, ['Emma', 'Dune', 'Walden', 'Kindred'])
  const handle = page.getByRole('button', { name: 'Move “Kindred”' })
  await handle.scrollIntoViewIfNeeded()
  const from = (await handle.boundingBox())!
  const to = (await bookRow(page, 'Dune').boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 12, { steps: 4 })
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 - 8, { steps: 20 })
  await page.mouse.up()
  await expect.poll(() => listedTitles(page)).toEqual(['Emma', 'Kindred', 'Dune', 'Walden'])
  await expect.poll(() => serverUpNext(request, token)).toEqual(['Emma', 'Kindred', 'Dune', 'Walden'])
  expect(await (await publicOrder(request, token))()).toEqual(['Emma', 'Kindred', 'Dune', 'Walden'])
  // Only the moved book's position changed (field-level).
  await expect(syncBadge(page)).toHaveText('Synced')
})

test('the handle moves its book with the arrow keys, says so, and keeps the focus', async ({ page, request }) => {
  const token = await reader(page, request, ['Emma', 'Dune', 'Walden'])
  const walden = page.getByRole('button', { name: 'Move “Walden”' })
  await walden.focus()
  await page.keyboard.press('ArrowUp')
  await expect(page.getByText('“Walden” moved to place 2 of 3.')).toBeAttached()
  await expect.poll(() => listedTitles(page)).toEqual(['Emma', 'Walden', 'Dune'])
  await expect(walden).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(page.getByText('“Walden” moved to place 1 of 3.')).toBeAttached()
  await expect.poll(() => listedTitles(page)).toEqual(['Walden', 'Emma', 'Dune'])
  await page.keyboard.press('ArrowUp') // already first: nothing moves
  const emma = page.getByRole('button', { name: 'Move “Emma”' })
  await emma.focus()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByText('“Emma” moved to place 3 of 3.')).toBeAttached()
  await expect.poll(() => listedTitles(page)).toEqual(['Walden', 'Dune', 'Emma'])
  // The document (the order a screen reader reads and Tab follows) comes to agree, and a move
  // down keeps the focus on its handle too.
  await expect
    .poll(() =>
      page
        .getByRole('list', { name: 'Your books' })
        .getByRole('listitem')
        .evaluateAll((items) => items.map((li) => li.querySelector('a')?.textContent ?? '')),
    )
    .toEqual(['Walden', 'Dune', 'Emma'])
  await expect(emma).toBeFocused()
  await expect.poll(() => serverUpNext(request, token)).toEqual(['Walden', 'Dune', 'Emma'])
  const order = await publicOrder(request, token)
  expect(await order()).toEqual(['Walden', 'Dune', 'Emma'])

  // Another order has no handles: "Up next" is the only order the reader sets by hand.
  await page.getByRole('combobox', { name: 'Sort by' }).click()
  await page.getByRole('option', { name: 'Title' }).click()
  await expect(page).toHaveURL(/sort=title/)
  await expect.poll(() => listedTitles(page)).toEqual(['Dune', 'Emma', 'Walden'])
  await expect(page.getByRole('button', { name: /^Move / })).toHaveCount(0)
})

test('the book page: everything about the book, Edit, and Delete whose Undo restores every field', async ({
  page,
  request,
}) => {
  const { token } = await readyUser(request, { name: 'Pia Page' })
  await addServerBook(request, token, { title: 'Emma', author: 'Jane Austen' })
  const book = await addServerBook(request, token, {
    link: 'https://www.amazon.com/Dune-Frank-Herbert/dp/0441172717/',
    title: 'Dune',
    author: 'Frank Herbert',
    rating: 4,
    review: 'Spice.\nMust.\n\nFlow.',
    started_at: '2024-01-02',
    finished_at: '2024-02-03',
    imageUrl: 'https://covers.example/dune.jpg',
    added_at: '2023-12-24',
  })
  await useToken(page, token)
  await page.goto('/books')
  await expect(syncBadge(page)).toHaveText('Synced')
  const row = bookRow(page, 'Dune')
  await expect(row.getByText('Finished Feb 3, 2024 · “Spice. Must. Flow.”')).toBeVisible()
  await row.getByRole('link', { name: 'Dune', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/books/${book.id}$`))
  await expect(page).toHaveTitle(/Dune/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dune' })).toBeVisible()
  await expect(page.getByText('Frank Herbert')).toBeVisible()
  await expect(page.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible()
  await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible()
  const review = page.getByRole('heading', { name: 'Review' }).locator('xpath=following-sibling::p')
  expect(await review.innerText()).toBe('Spice.\nMust.\n\nFlow.')
  const about = page.locator('dl')
  await expect(about).toContainText('AddedDecember 24, 2023')
  await expect(about).toContainText('StartedJanuary 2, 2024')
  await expect(about).toContainText('ISBN0441172717')
  await expect(about).toContainText('Where it came fromAdded from a retailer link')

  await page.getByRole('link', { name: 'Edit “Dune”' }).click()
  await expect(page).toHaveURL(new RegExp(`/books/${book.id}/edit$`))
  await expect(page.locator('input[name="title"]')).toHaveValue('Dune')
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(new RegExp(`/books/${book.id}$`))

  const before = (await serverBooks(request, token)).find((b) => b.id === book.id)!
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await page.getByRole('alertdialog', { name: 'Delete “Dune”?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/books$/)
  await expect(bookRow(page, 'Dune')).toBeHidden()
  await notifications(page)
    .getByRole('listitem')
    .filter({ hasText: 'Deleted “Dune”' })
    .getByRole('button', { name: 'Undo' })
    .click()
  await expect(bookRow(page, 'Dune')).toBeVisible()
  const keep = ({ id: _id, version: _v, created_at: _c, updated_at: _u, ...rest }: Record<string, unknown>) => rest
  await expectServerBooks(request, token, (b) => (b.title === 'Dune' ? keep(b as never) : b.title), [
    keep(before as never),
    'Emma',
  ])
  // Back in its place in "Up next" (the newer book, Dune, was on top).
  await expect.poll(() => listedTitles(page)).toEqual(['Dune', 'Emma'])
})

test('a search hides the handles; cleared, each handle moves the book its row shows again', async ({
  page,
  request,
}) => {
  const token = await reader(page, request, ['Emma', 'Dune', 'Walden', 'Kindred'])
  const search = page.getByRole('searchbox', { name: 'Search by title or author' })
  // The rows are given other books as the reader types (their elements are kept).
  await search.fill('d')
  await expect.poll(() => listedTitles(page)).toEqual(['Dune', 'Walden', 'Kindred'])
  await expect(page.getByRole('button', { name: /^Move / })).toHaveCount(0)
  await search.fill('ki')
  await expect.poll(() => listedTitles(page)).toEqual(['Kindred'])
  await search.fill('')
  await expect.poll(() => listedTitles(page)).toEqual(['Emma', 'Dune', 'Walden', 'Kindred'])
  await expect(page.getByRole('button', { name: /^Move / })).toHaveCount(4)
  const kindred = page.getByRole('button', { name: 'Move “Kindred”' })
  await kindred.focus()
  await page.keyboard.press('ArrowUp')
  await expect(page.getByText('“Kindred” moved to place 3 of 4.')).toBeAttached()
  await expect.poll(() => listedTitles(page)).toEqual(['Emma', 'Dune', 'Kindred', 'Walden'])
  await expect(kindred).toBeFocused()
  // And by dragging: Emma's handle, dropped on Walden's place.
  const handle = page.getByRole('button', { name: 'Move “Emma”' })
  const from = (await handle.boundingBox())!
  const to = (await bookRow(page, 'Walden').boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 12, { steps: 4 })
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + 8, { steps: 20 })
  await page.mouse.up()
  await expect.poll(() => listedTitles(page)).toEqual(['Dune', 'Kindred', 'Walden', 'Emma'])
  await expect.poll(() => serverUpNext(request, token)).toEqual(['Dune', 'Kindred', 'Walden', 'Emma'])
})
