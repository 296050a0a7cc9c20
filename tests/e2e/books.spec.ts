import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './a11y'
import { notifications, readyUser, useToken } from './auth-helpers'
import {
  addServerBook,
  auth,
  bookRow,
  controlledBySw,
  expectServerBooks,
  pickToday,
  rate,
  serverBooks,
  syncBadge,
  today,
} from './books-helpers'

// The book screens online (/books, /books/new, /books/{id}): every change
// is shown at once from the device and reaches the server through the outbox.

async function signedIn(page: Page, request: Parameters<typeof readyUser>[0], opts: { name?: string } = {}) {
  const { token } = await readyUser(request, { name: opts.name ?? 'Bea Reader' })
  await useToken(page, token)
  return token
}

test('add, edit, rate, delete and undo; the server holds the result', async ({ page, request }) => {
  const token = await signedIn(page, request)
  await page.goto('/books')
  await expect(page).toHaveTitle(/My books/)
  await expect(page.getByRole('heading', { name: 'Your list is empty' })).toBeVisible()

  // Add
  await page.getByRole('link', { name: 'Add your first book' }).click()
  await expect(page).toHaveURL(/\/books\/new$/)
  await expect(page).toHaveTitle(/Add a book/)
  await page.locator('input[name="title"]').fill('Dune')
  await page.locator('input[name="author"]').fill('Frank Herbert')
  await rate(page, 4)
  await pickToday(page, 'Started')
  await page.locator('textarea[name="review"]').fill('Spice must flow.')
  await page.getByRole('button', { name: 'Add book' }).click()
  await expect(page).toHaveURL(/\/books$/)
  await expect(notifications(page).getByText('Added “Dune”')).toBeVisible()
  const row = bookRow(page, 'Dune')
  await expect(row).toBeVisible()
  await expect(row.getByRole('radio', { name: '4 stars' })).toBeChecked()
  await expect(row.getByText('Reading', { exact: true })).toBeVisible()
  await expect(row.getByText('Frank Herbert')).toBeVisible()
  await expectServerBooks(request, token, (b) => [b.title, b.author, b.rating, b.started_at, b.finished_at, b.review], [
    ['Dune', 'Frank Herbert', 4, today().iso, null, 'Spice must flow.'],
  ])
  await expect(row.getByText('Synced')).toBeAttached()
  const [first] = await serverBooks(request, token)

  // Edit: another rating, a finish date
  await row.getByRole('link', { name: 'Edit “Dune”' }).click()
  await expect(page).toHaveURL(new RegExp(`/books/${first!.id}/edit$`))
  await expect(page).toHaveTitle(/Edit “Dune”/)
  await expect(page.locator('input[name="title"]')).toHaveValue('Dune')
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked()
  await rate(page, 5)
  await pickToday(page, 'Finished')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(notifications(page).getByText('Saved “Dune”')).toBeVisible()
  await expect(row.getByRole('radio', { name: '5 stars' })).toBeChecked()
  await expect(row.getByText('Finished', { exact: true })).toBeVisible()
  await expectServerBooks(request, token, (b) => [b.id, b.rating, b.finished_at, b.status], [
    [first!.id, 5, today().iso, 'finished'],
  ])

  // Delete, confirmed in a dialog, then Undo from the toast
  await row.getByRole('button', { name: 'Delete “Dune”' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete “Dune”?' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: 'Delete “Dune”' }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Your list is empty' })).toBeVisible()
  const toast = notifications(page).getByRole('listitem').filter({ hasText: 'Deleted “Dune”' })
  await toast.getByRole('button', { name: 'Undo' }).click()
  await expect(notifications(page).getByText('“Dune” is back on your list')).toBeVisible()
  await expect(row).toBeVisible()
  await expect(row.getByRole('radio', { name: '5 stars' })).toBeChecked()
  // The old book is gone on the server (a tombstone) and the restored one is a new book.
  await expectServerBooks(request, token, (b) => [b.id === first!.id, b.title, b.author, b.rating, b.review], [
    [false, 'Dune', 'Frank Herbert', 5, 'Spice must flow.'],
  ])
  await expect(syncBadge(page)).toHaveText('Synced')
})

test('the edit page deletes the book too: back to the list, with Undo', async ({ page, request }) => {
  const token = await signedIn(page, request)
  const book = await addServerBook(request, token, { title: 'Piranesi', author: 'Susanna Clarke' })
  await page.goto(`/books/${book.id}/edit`)
  await expect(page.locator('input[name="title"]')).toHaveValue('Piranesi')
  await page.getByRole('button', { name: 'Delete book' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete “Piranesi”?' })
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/books$/)
  await expect(page.getByRole('heading', { name: 'Your list is empty' })).toBeVisible()
  await notifications(page)
    .getByRole('listitem')
    .filter({ hasText: 'Deleted “Piranesi”' })
    .getByRole('button', { name: 'Undo' })
    .click()
  await expect(bookRow(page, 'Piranesi')).toBeVisible()
  // The deleted book is a tombstone on the server; Undo added it back as a new book.
  await expectServerBooks(request, token, (b) => [b.id === book.id, b.title, b.author], [
    [false, 'Piranesi', 'Susanna Clarke'],
  ])
})

test('the form validates on blur and keeps the reader on it while invalid', async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/books/new')
  const form = page.getByRole('form', { name: 'Add a book' })
  await expect(form.locator('button[type="submit"]')).toHaveCount(1)
  for (const name of ['link', 'title', 'author', 'rating', 'started_at', 'finished_at', 'imageUrl', 'review']) {
    await expect(form.locator(`[name="${name}"]`).first()).toBeAttached()
  }
  await page.locator('input[name="imageUrl"]').fill('not a url')
  await page.locator('input[name="imageUrl"]').blur()
  await expect(page.getByText('Please enter a valid URL')).toBeVisible()
  await page.getByRole('button', { name: 'Add book' }).click()
  await expect(page.getByText('Please enter a title')).toBeVisible()
  await expect(page.locator('input[name="title"]')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/books\/new$/)
  await page.locator('input[name="imageUrl"]').fill('ftp://example.com/cover.jpg')
  await page.locator('input[name="title"]').fill('Piranesi')
  await page.getByRole('button', { name: 'Add book' }).click()
  await expect(page.getByText('The image must be an http or https URL')).toBeVisible()
})

test('a pasted Amazon link fills in the title and ISBN without fetching', async ({ page, request }) => {
  const token = await signedIn(page, request)
  await page.goto('/books/new')
  await page.locator('input[name="link"]').fill('https://www.amazon.com/Dune-Frank-Herbert/dp/0441013597/ref=sr_1_1')
  // The slug's last words are the author's name: Title and Author are filled apart.
  await expect(page.locator('input[name="title"]')).toHaveValue('Dune')
  await expect(page.locator('input[name="author"]')).toHaveValue('Frank Herbert')
  await expect(page.getByText('Book link recognised: ISBN 0441013597')).toBeVisible()
  await page.locator('input[name="title"]').fill('Dune')
  await page.getByRole('button', { name: 'Add book' }).click()
  await expect(page).toHaveURL(/\/books$/)
  await expectServerBooks(request, token, (b) => [b.title, b.isbn, b.asin], [['Dune', '0441013597', '0441013597']])
})

test('search (accents and case ignored) and the status filter', async ({ page, request }) => {
  const token = await signedIn(page, request)
  await addServerBook(request, token, {
    title: 'Cien años de soledad',
    author: 'Gabriel García Márquez',
    started_at: '2024-01-02',
    finished_at: '2024-02-03',
  })
  await addServerBook(request, token, { title: 'Dune', author: 'Frank Herbert', started_at: '2024-03-01' })
  await addServerBook(request, token, { title: 'Piranesi', author: 'Susanna Clarke' })
  await page.goto('/books')
  const list = page.getByRole('list', { name: 'Your books' })
  await expect(list.getByRole('listitem')).toHaveCount(3)
  await expect(page.getByText('3 books on your list')).toBeVisible()

  const search = page.getByRole('searchbox', { name: 'Search by title or author' })
  await search.fill('garcia MARQUEZ')
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list.getByText('Cien años de soledad')).toBeVisible()
  await search.fill('ANOS')
  await expect(list.getByText('Cien años de soledad')).toBeVisible()
  await expect(page).toHaveURL(/q=ANOS/)
  await search.fill('')

  const filter = page.getByRole('group', { name: 'Status' })
  await filter.getByText('Reading').click()
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list.getByText('Dune')).toBeVisible()
  await filter.getByText('Finished').click()
  await expect(list.getByText('Cien años de soledad')).toBeVisible()
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await filter.getByText('Not started').click()
  await expect(list.getByText('Piranesi')).toBeVisible()
  await expect(list.getByRole('listitem')).toHaveCount(1)

  // Filter and search together, nothing matches, then clear both.
  await search.fill('dune')
  await expect(page.getByText('No books match')).toBeVisible()
  await page.getByRole('button', { name: 'Clear search and filter' }).click()
  await expect(list.getByRole('listitem')).toHaveCount(3)
  await expect(filter.getByRole('radio', { name: 'Any' })).toBeChecked()
})

test('a missing book goes to /404', async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/books')
  await expect(syncBadge(page)).toHaveText('Synced')
  await page.goto('/books/00000000-0000-4000-8000-000000000000')
  await expect(page).toHaveURL(/\/404$/)
  await page.goto('/books/not-a-book')
  await expect(page).toHaveURL(/\/404$/)
})

test('Books is in the main navigation', async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/dashboard')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Books' }).click()
  await expect(page).toHaveURL(/\/books$/)
  await expect(page.getByRole('heading', { name: 'My books' })).toBeVisible()
})

test('a change the server refuses is listed with its reason and can be dismissed', async ({
  page,
  request,
  context,
}) => {
  const token = await signedIn(page, request)
  const book = await addServerBook(request, token, { title: 'Gone Girl' })
  await page.goto('/books')
  const row = bookRow(page, 'Gone Girl')
  await expect(row).toBeVisible()
  await controlledBySw(page)
  // Offline, the reader edits the book while another device deletes it: the edit is refused.
  await context.setOffline(true)
  await row.getByRole('link', { name: 'Edit “Gone Girl”' }).click()
  await rate(page, 2)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(row.getByText('Waiting to sync')).toBeAttached()
  expect((await request.delete(`/api/books/${book.id}`, { headers: auth(token) })).status()).toBe(200)
  await context.setOffline(false)
  const refused = page.getByRole('region', { name: 'Some changes were not saved' })
  await expect(refused).toBeVisible()
  await expect(refused.getByText(/was deleted on another device, so your change (to it )?was not kept/)).toBeVisible()
  await expect(syncBadge(page)).toContainText('1 change not saved')
  await expect(row).toBeHidden()
  await refused.getByRole('button', { name: /^Dismiss/ }).click()
  await expect(refused).toBeHidden()
  await expect(syncBadge(page)).toHaveText('Synced')
})

test('10,000 books: only a screenful is rendered and the end of the list is reachable', async ({ page, request }) => {
  test.setTimeout(120_000)
  await signedIn(page, request)
  await page.goto('/books')
  await expect(syncBadge(page)).toHaveText('Synced')
  // The first pull has stored its cursor: later pulls are deltas and keep what is on the device.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise((resolve) => {
            const open = indexedDB.open('tbr')
            open.onsuccess = () => {
              const r = open.result.transaction('meta').objectStore('meta').get('cursor')
              r.onsuccess = () => resolve(r.result?.value ?? null)
              r.onerror = () => resolve(null)
            }
            open.onerror = () => resolve(null)
          }),
      ),
    )
    .not.toBeNull()
  // Seed the device directly (as a long-synced list would be); the server is not involved.
  await page.evaluate(async () => {
    const open = indexedDB.open('tbr')
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const me = await new Promise<{ account_id: string }>((resolve) => {
      const r = db.transaction('user').objectStore('user').get('me')
      r.onsuccess = () => resolve(r.result)
    })
    const tx = db.transaction('books', 'readwrite')
    const store = tx.objectStore('books')
    const base = Date.UTC(2020, 0, 1)
    for (let i = 0; i < 10_000; i++) {
      const at = new Date(base + i * 60_000).toISOString()
      store.put({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        title: `Book ${i}`,
        author: `Author ${i % 97}`,
        rating: (i % 5) + 1,
        review: null,
        started_at: i % 3 ? '2024-01-01' : null,
        finished_at: i % 3 === 2 ? '2024-02-01' : null,
        started: i % 3 !== 0,
        finished: i % 3 === 2,
        status: i % 3 === 0 ? 'not_started' : i % 3 === 1 ? 'reading' : 'finished',
        imageUrl: null,
        isbn: null,
        asin: null,
        account_id: me.account_id,
        created_at: at,
        updated_at: at,
        version: 0,
        sync: 'synced',
      })
    }
    await new Promise((resolve) => (tx.oncomplete = resolve))
  })
  // Written behind Dexie's back, so the open page is not told: reload, as after a long sync.
  await page.reload()
  await expect(page.getByText('10,000 books on your list')).toBeVisible()
  const items = page.getByRole('list', { name: 'Your books' }).getByRole('listitem')
  await expect(items.first()).toContainText('Book 9999')
  expect(await items.count()).toBeLessThan(60)
  // Jump to the end: the oldest book is there, and still only a screenful is in the page.
  const started = Date.now()
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await expect(page.getByText('Book 0', { exact: true })).toBeVisible()
  expect(Date.now() - started).toBeLessThan(5_000)
  expect(await items.count()).toBeLessThan(60)
  await expect(items.last()).toHaveAttribute('aria-posinset', '10000')
  // Searching 10,000 books answers quickly too.
  await page.evaluate(() => window.scrollTo(0, 0))
  const box = page.getByRole('searchbox', { name: 'Search by title or author' })
  await box.fill('book 4242')
  await expect(page.getByRole('list', { name: 'Your books' }).getByRole('listitem')).toHaveCount(1)
  // The rows on screen are drawn in the key press, those kept below the screen just after: in the
  // end every row in the page shows a match, in the list's order.
  await box.fill('book 12')
  await expect(page.getByText('398 of 10,000 books shown')).toBeAttached()
  // (A match has 12 in its title or its author.)
  const shown = () =>
    items.evaluateAll((rows) =>
      rows.map((row) => {
        const title = row.querySelector('a')
        const match = /12/.test(`${title?.textContent} ${title?.nextElementSibling?.textContent}`)
        return `${row.getAttribute('aria-posinset')} ${match}`
      }),
    )
  await expect.poll(async () => (await shown()).every((row, k) => row === `${k + 1} true`)).toBe(true)
  const onScreen = await items.evaluateAll(
    (rows) => rows.filter((row) => row.getBoundingClientRect().top < innerHeight).length,
  )
  expect((await shown()).length).toBeGreaterThan(onScreen)
})

test.describe('accessibility scans', () => {
  // The screens, not the service worker: no precache of the build per context (decision 51).
  test.use({ serviceWorkers: 'block' })
  for (const scheme of ['light', 'dark'] as const) {
    test(`book screens are accessible in ${scheme} mode`, async ({ page, request }) => {
      test.setTimeout(120_000) // eight screens, each scanned by axe
      const token = await signedIn(page, request)
      await request.patch('/api/user', { data: { dark_mode: scheme === 'dark' }, headers: auth(token) })
      // Every rule in light mode; in dark mode the same markup, so the colour rules.
      const check = (label: string) => expectAccessible(page, label, { colorsOnly: scheme === 'dark' })
      await page.goto('/books')
      await expect(page.getByRole('heading', { name: 'Your list is empty' })).toBeVisible()
      await check('/books empty')
      const book = await addServerBook(request, token, {
        title: 'Middlemarch',
        author: 'George Eliot',
        rating: 4,
        started_at: '2024-05-01',
      })
      await page.reload()
      await expect(bookRow(page, 'Middlemarch')).toBeVisible()
      await check('/books')
      await syncBadge(page).click()
      await expect(page.getByText('Changes not yet synced')).toBeVisible()
      await check('/books sync details')
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'Delete “Middlemarch”' }).click()
      await expect(page.getByRole('alertdialog')).toBeVisible()
      await check('/books delete dialog')
      await page.keyboard.press('Escape')
      await page.goto('/books/new')
      await page.getByRole('button', { name: 'Add book' }).click()
      await expect(page.getByText('Please enter a title')).toBeVisible()
      await check('/books/new with errors')
      await page.goto(`/books/${book.id}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Middlemarch' })).toBeVisible()
      await check('/books/{id}')
      await page.goto(`/books/${book.id}/edit`)
      await expect(page.locator('input[name="title"]')).toHaveValue('Middlemarch')
      await check('/books/{id}/edit')
      await page.getByRole('button', { name: /^Started / }).click()
      await expect(page.locator('[data-part="table-cell-trigger"][data-view="day"][data-focus]')).toBeFocused()
      await check('/books/{id}/edit calendar open')
    })
  }
})

test('the rating is a keyboard radio group', async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/books/new')
  // The field before the rating (pages and year sit between author and rating).
  await page.locator('input[name="year"]').focus()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('radio', { name: '1 star', exact: true })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: '3 stars' })).toBeChecked()
  await page.keyboard.press('Delete')
  await expect(page.getByRole('radio', { name: '3 stars' })).not.toBeChecked()
})

test('a row given another book by a search shows that book’s stars, and rates that book', async ({ page, request }) => {
  const token = await signedIn(page, request)
  const ratings: Record<string, number | null> = { Alpha: 2, Beta: 5, Gamma: null, Delta: 3 }
  for (const [title, rating] of Object.entries(ratings)) await addServerBook(request, token, { title, rating })
  await page.goto('/books')
  const checkedIn = (title: string) => bookRow(page, title).getByRole('radio', { checked: true })
  const expectStars = async (title: string, rating: number | null) => {
    if (rating === null) await expect(checkedIn(title)).toHaveCount(0)
    else await expect(checkedIn(title)).toHaveAccessibleName(rating === 1 ? '1 star' : `${rating} stars`)
  }
  for (const [title, rating] of Object.entries(ratings)) await expectStars(title, rating)

  // Each search leaves one row, drawn with the book its row had before or another's.
  const box = page.getByRole('searchbox', { name: 'Search by title or author' })
  for (const title of ['Gamma', 'Beta', 'Delta', 'Alpha', 'Gamma']) {
    await box.fill(title.toLowerCase())
    await expect(page.getByRole('listitem')).toHaveCount(1)
    await expectStars(title, ratings[title]!)
  }
  // Rated from the row it was given: that book, and only it, changes.
  await bookRow(page, 'Gamma')
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '1 star', exact: true }) })
    .click()
  await expectStars('Gamma', 1)
  await box.fill('')
  await expect(page.getByRole('listitem')).toHaveCount(4)
  for (const [title, rating] of Object.entries({ ...ratings, Gamma: 1 })) await expectStars(title, rating)
  await expectServerBooks(request, token, (b) => [b.title, b.rating], [
    ['Alpha', 2],
    ['Beta', 5],
    ['Delta', 3],
    ['Gamma', 1],
  ])
})

test('a device whose first sync is under way says the books are on their way, not that the list is empty or has no books', async ({
  page,
  context,
  request,
}) => {
  const { token } = await readyUser(request, { name: 'Nia New' })
  await addServerBook(request, token, { title: 'Piranesi', author: 'Susanna Clarke' })
  // The first pull's book download is held, as on a slow connection.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await context.route(/\/api\/books(\?.*)?$/, async (route) => {
    await held
    await route.continue()
  })
  // Whether a page ever said there is no book, and whether the first visit of /books took its
  // search box away once it had shown it (a toolbar shown, hidden and shown again as books land).
  await page.addInitScript(() => {
    let box: 'not yet' | 'shown' | 'left' = 'not yet'
    new MutationObserver(() => {
      const text = document.body.textContent ?? ''
      if (text.includes('Your list is empty') || text.includes('No books yet'))
        Object.assign(window, { saidEmpty: true })
      if (box === 'left') return
      if (location.pathname !== '/books') box = box === 'shown' ? 'left' : box
      else if (document.querySelector('input[type="search"]')) box = 'shown'
      else if (box === 'shown') Object.assign(window, { boxFlashed: true })
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  await useToken(page, token)
  await page.goto('/books')
  const arriving = page.getByRole('status').filter({ hasText: 'Bringing your books to this device…' })
  await expect(arriving).toBeVisible()
  // The header and the toolbar are there as on any visit; there is nothing to export yet.
  await expect(page.getByRole('searchbox', { name: 'Search by title or author' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add a book' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Export' })).toBeDisabled()
  // The dashboard too: its count is unknown, not 0.
  await page.getByRole('link', { name: 'Dashboard' }).first().click()
  await expect(arriving).toBeVisible()
  const count = page.getByRole('region', { name: 'Books', exact: true })
  await expect(count).toContainText('–')
  // And the reader's year: not a year of nothing read with no goal.
  await page.getByRole('link', { name: 'Stats' }).first().click()
  await expect(page.getByRole('heading', { name: 'Your year in books' })).toBeVisible()
  await expect(arriving).toBeVisible()
  await expect(page.getByText(/No goal for \d+ yet/)).toBeHidden()
  await page.getByRole('link', { name: 'Dashboard' }).first().click()
  await expect(count).toContainText('–')
  release()
  await expect(page.getByRole('link', { name: /Piranesi/ })).toBeVisible()
  await expect(count).toContainText('1')
  await expect(arriving).toBeHidden()
  await page.getByRole('link', { name: 'Books', exact: true }).first().click()
  await expect(page.getByRole('list', { name: 'Your books' }).getByText('Piranesi')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled()
  expect(await page.evaluate(() => 'saidEmpty' in window)).toBe(false)
  expect(await page.evaluate(() => 'boxFlashed' in window)).toBe(false)
})

test('the toolbar speaks the reader’s language, and follows it when it changes on another device', async ({
  page,
  request,
}) => {
  const { token } = await readyUser(request, { name: 'Lola Lectora' })
  await request.patch('/api/user', { data: { locale: 'es' }, headers: auth(token) })
  await addServerBook(request, token, { title: 'Piranesi', author: 'Susanna Clarke' })
  // This browser is in English: the page starts in it and turns to the account's Spanish.
  await useToken(page, token)
  await page.goto('/books')
  await expect(page.getByRole('heading', { name: 'Mis libros' })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Sin empezar' })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Todos' })).toBeChecked()
  await expect(page.getByRole('combobox', { name: 'Ordenar por' })).toContainText('A continuación')
  // Changed to English elsewhere: the open list follows, menu and chips too.
  await request.patch('/api/user', { data: { locale: 'en' }, headers: auth(token) })
  await expect(page.getByRole('heading', { name: 'My books' })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Not started' })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Any' })).toBeChecked()
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toContainText('Up next')
})
