import { expect, test, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { readyUser, useToken } from './auth-helpers'
import {
  addServerBook,
  bookRow,
  controlledBySw,
  expectServerBooks,
  listedTitles,
  serverBooks,
  serverUpNext,
  syncBadge,
} from './books-helpers'

// Import and export (decision 35): a Goodreads or StoryGraph file read on the device, through
// the outbox (so offline too), a progress bar and a summary; Export downloads tbr-books.csv in
// Goodreads' columns, which imports back without loss.

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/import/${name}`, import.meta.url))

async function importFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto('/books/import')
  await expect(page).toHaveTitle(/Import books/)
  await page.locator('input[type="file"]').setInputFiles(file)
  return page.locator('[aria-live="polite"]').filter({ hasText: /Import finished|not a Goodreads/ })
}

test('a Goodreads export: books through the outbox, duplicates skipped, fields and order kept', async ({
  page,
  request,
}) => {
  const { token } = await readyUser(request, { name: 'Gia Goodreads' })
  await addServerBook(request, token, { title: 'Project Hail Mary', author: 'Andy Weir', isbn: '0593135202' })
  await useToken(page, token)
  await page.goto('/books')
  await expect(syncBadge(page)).toHaveText('Synced')

  const summary = await importFile(page, fixture('goodreads_library_export.csv'))
  await expect(summary).toContainText(
    '4 books imported. 2 skipped as already on your list. 1 row without a title was left out.',
  )
  await expectServerBooks(request, token, (b) => b.title, [
    'Project Hail Mary',
    'Dune (Dune, #1)',
    'Cien años de soledad',
    'Beloved',
    'The Goldfinch',
  ])
  const cien = (await serverBooks(request, token)).find((b) => b.title === 'Cien años de soledad')!
  expect(cien).toMatchObject({
    author: 'Gabriel García Márquez',
    isbn: '9788437604947',
    rating: 4,
    review: 'Macondo.\n\nSecond paragraph, with a comma.',
    finished_at: '2019-08-30',
    added_at: '2019-07-01',
    status: 'finished',
    source: 'import',
  })
  // On top of "Up next", in the file's order.
  expect(await serverUpNext(request, token)).toEqual([
    'Dune (Dune, #1)',
    'Cien años de soledad',
    'Beloved',
    'The Goldfinch',
    'Project Hail Mary',
  ])
  await page.getByRole('link', { name: 'See your books' }).click()
  await expect
    .poll(() => listedTitles(page))
    .toEqual(['Dune (Dune, #1)', 'Cien años de soledad', 'Beloved', 'The Goldfinch', 'Project Hail Mary'])

  // The same file again: everything is already there.
  const again = await importFile(page, fixture('goodreads_library_export.csv'))
  await expect(again).toContainText('0 books imported. 6 skipped as already on your list.')
})

test('an import made offline is kept on the device and reaches the server when back online', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000)
  const { token } = await readyUser(request, { name: 'Oren Offline' })
  await useToken(page, token)
  await page.goto('/books')
  await expect(syncBadge(page)).toHaveText('Synced')
  await controlledBySw(page)
  await context.setOffline(true)
  await page.getByRole('link', { name: 'Import from Goodreads or StoryGraph' }).click()
  await page.locator('input[type="file"]').setInputFiles(fixture('storygraph_export.csv'))
  await expect(page.getByText('4 books imported. 0 skipped as already on your list.')).toBeVisible()
  await page.getByRole('link', { name: 'See your books' }).click()
  await expect(bookRow(page, 'Piranesi')).toBeVisible()
  await expect(syncBadge(page)).toContainText(/Offline · 4 to sync/)
  expect(await serverBooks(request, token)).toEqual([])
  await context.setOffline(false)
  await expectServerBooks(request, token, (b) => [b.title, b.status], [
    ['Piranesi', 'finished'],
    ['El Aleph', 'reading'],
    ['Kindred', 'not_started'],
    ['The Left Hand of Darkness', 'reading'],
  ])
  await expect(syncBadge(page)).toHaveText('Synced')
})

test('a file that is not an export says so', async ({ page, request }) => {
  const { token } = await readyUser(request, { name: 'Nell Nofile' })
  await useToken(page, token)
  const summary = await importFile(page, {
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Name,Email\nAna,ana@example.com\n'),
  })
  await expect(summary).toContainText('This is not a Goodreads or StoryGraph export')
})

test('Export downloads tbr-books.csv in Goodreads columns; it imports back into TBR without loss', async ({
  page,
  request,
  browser,
}) => {
  const { token } = await readyUser(request, { name: 'Ezra Export' })
  await addServerBook(request, token, { title: 'Kindred', author: 'Octavia E. Butler', isbn: '9780807083697' })
  await addServerBook(request, token, {
    title: 'Cien años de soledad, "edición"',
    author: 'Gabriel García Márquez',
    rating: 4,
    review: 'Line one, with a comma\n\nLine three',
    started_at: '2019-07-02',
    finished_at: '2019-08-30',
    isbn: '843760494X',
  })
  // A title the test catalogue does not know: an imported book the catalogue matches is completed
  // once online (decision 49), which would change what the round trip is checked against.
  await addServerBook(request, token, { title: 'Harbour Diary', started_at: '2024-01-08' })
  // decisions: a title that a spreadsheet would run as a formula is written with a leading '.
  await addServerBook(request, token, { title: '=Fun & Games', author: '@Rosa Brand' })
  await useToken(page, token)
  await page.goto('/books')
  await expect(bookRow(page, 'Kindred')).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('tbr-books.csv')
  const file = readFileSync(await download.path())
  expect(file.toString('utf8').split('\r\n')[0]).toBe(
    'Title,Author,ISBN13,My Rating,Date Read,Date Added,Exclusive Shelf,My Review,Date Started,Number of Pages,Year Published',
  )
  const lines = file.toString('utf8').split('\r\n')
  expect(lines.find((l) => l.includes('Fun & Games'))).toMatch(/^"'=Fun & Games","'@Rosa Brand",/)
  expect(lines.some((l) => /(^|,)"?[=@]/.test(l))).toBe(false)

  const other = await readyUser(request, { name: 'Ida Importer' })
  const context = await browser.newContext()
  const second = await context.newPage()
  await useToken(second, other.token)
  await second.goto('/books')
  await expect(syncBadge(second)).toHaveText('Synced')
  const summary = await importFile(second, { name: 'tbr-books.csv', mimeType: 'text/csv', buffer: file })
  await expect(summary).toContainText('4 books imported.')
  const fields = (b: Awaited<ReturnType<typeof serverBooks>>[number]) => [
    b.title,
    b.author,
    b.isbn?.length === 10 ? '9788437604947' : b.isbn,
    b.rating,
    b.review,
    b.started_at,
    b.finished_at,
    b.added_at,
    b.status,
  ]
  await expectServerBooks(request, other.token, fields, (await serverBooks(request, token)).map(fields))
  expect(await serverUpNext(request, other.token)).toEqual(await serverUpNext(request, token))
  await context.close()
})
