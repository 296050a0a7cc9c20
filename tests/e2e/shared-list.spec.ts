import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { reloadOffline } from './books-helpers'
import { expectAccessible as scan } from './a11y'
import { PASSWORD, readyUser, useToken } from './auth-helpers'

// The shared list (/dashboard, /welcome, /account/url, /{id}): choose a
// slug in the welcome wizard, the dashboard's figures and charts, the public page for visitors
// (search, filter, affiliate Buy link, Add to my list), a slug change freeing the old address,
// and a public list reopening offline.

const auth = (token: string) => ({ authorization: `Bearer ${token}` })
const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

async function addBook(request: APIRequestContext, token: string, data: Record<string, unknown>) {
  const res = await request.post('/api/books', { data, headers: auth(token) })
  expect(res.status()).toBe(201)
  return ((await res.json()) as { data: { id: string; title: string } }).data
}

async function setSlug(request: APIRequestContext, token: string, slug: string) {
  const res = await request.patch('/api/url', { data: { slug }, headers: auth(token) })
  expect(res.status()).toBe(200)
}

/** A reader with a public list of three books (one per status). */
async function listOwner(request: APIRequestContext, name = 'Ada Lovelace') {
  const { token } = await readyUser(request, { name })
  const slug = uniqueSlug('ada')
  await setSlug(request, token, slug)
  await addBook(request, token, { title: 'Dune', author: 'Frank Herbert', rating: 5, started_at: '2024-01-02', finished_at: '2024-02-03' })
  await addBook(request, token, { title: 'Emma', author: 'Jane Austen', rating: 3, started_at: '2024-03-01' })
  await addBook(request, token, { title: 'Walden', author: 'Henry David Thoreau' })
  return { token, slug }
}

async function controlledBySw(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true)
}

const bookCards = (page: Page) => page.getByRole('list', { name: 'Books' }).getByRole('listitem')

async function expectAccessible(page: Page, label: string) {
  // The dashboard's hidden frame is not shown to anyone (axe would judge the page inside it as
  // if visible). Everything else on these screens is checked.
  await scan(page, label, { exclude: [['iframe[hidden]', 'html']] })
}

test('a new reader chooses a slug in /welcome and sees the dashboard figures and charts', async ({ page, request }) => {
  const { token } = await readyUser(request, { name: 'Grace Hopper' })
  await addBook(request, token, { title: 'Dune', author: 'Frank Herbert', started_at: '2024-01-02', finished_at: '2024-02-03' })
  await addBook(request, token, { title: 'Emma', started_at: '2024-03-01' })
  await useToken(page, token)

  await page.goto('/welcome')
  await expect(page.getByRole('heading', { name: 'Welcome to TBR, Grace Hopper!' })).toBeVisible()
  await expect(page).toHaveTitle('Welcome · TBR')
  const slugInput = page.locator('input[name="slug"]')
  // A suggestion from the name, checked live.
  await expect(slugInput).toHaveValue('grace-hopper')
  // Invalid and reserved slugs are refused by the shared rules before any request.
  await slugInput.fill('-no')
  await slugInput.blur()
  await expect(page.getByText('URLs can only contain letters, digits, hyphens and underscores (3 to 40), starting and ending with a letter or digit')).toBeVisible()
  await slugInput.fill('dashboard')
  await slugInput.blur()
  await expect(page.getByText('That URL is reserved: please choose another')).toBeVisible()
  const slug = uniqueSlug('grace')
  await slugInput.fill(slug)
  await expect(page.getByTestId('slug-availability')).toHaveText(`${slug} is available`)
  await page.getByRole('form', { name: 'Custom URL' }).locator('button[type="submit"]').click()
  await expect(page.getByText('Your list is live')).toBeVisible()
  await expect(page.getByRole('link', { name: new RegExp(`/${slug}$`) })).toBeVisible()

  // The second step (first books) is the last: Finish.
  await page.getByRole('button', { name: 'Next page' }).click()
  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  // Finish with the save option: the user is marked onboarded (through the sync outbox).
  await expect
    .poll(async () => ((await (await request.get('/api/user', { headers: auth(token) })).json()) as { data: { onboarded: boolean } }).data.onboarded)
    .toBe(true)

  await expect(page).toHaveTitle('Dashboard · TBR')
  const stats = page.getByRole('list', { name: 'Statistics' })
  await expect(stats.getByRole('region', { name: 'Books' })).toContainText('2')
  await expect(stats.getByRole('region', { name: 'TBR views' })).toContainText('in the last 30 days')
  const urlCard = stats.getByRole('region', { name: 'Custom URL' })
  await expect(urlCard).toContainText(`/${slug}`)
  await expect(urlCard.getByRole('link', { name: 'Edit your custom URL' })).toHaveAttribute('href', '/account/url')
  await expect(urlCard.getByRole('button', { name: 'Copy link to your public list' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Newest books' }).getByRole('listitem')).toHaveCount(2)

  // Three accessible charts (lazily loaded), each with a data table alternative.
  const charts = page.locator('figure svg[role="img"]')
  await expect(charts).toHaveCount(3)
  await expect(page.getByRole('img', { name: /Books added per month/ })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Books by status 2 books: 0 not started, 1 reading, 1 finished.' })).toBeVisible()
  await page.getByText('Show the data as a table').nth(1).click()
  await expect(page.getByRole('table', { name: 'Books by status' })).toContainText('Finished')

  // The hidden frame loads the public page (slug only, no token in the URL).
  const frame = page.getByTestId('public-frame')
  await expect(frame).toHaveAttribute('src', `/${slug}`)
  await expect(frame).toBeHidden()
  await expectAccessible(page, '/dashboard')
})

test('a duplicate user is warned first; the wizard follows ?page; Skip still goes on to the dashboard', async ({ page, request }) => {
  const { email } = await readyUser(request, { name: 'Dora Double' })
  // The same email and password again: a second account (a duplicate user on /welcome).
  const again = await request.post('/api/account', { data: { name: 'Dora Second', email, password: PASSWORD } })
  expect(again.status()).toBe(200)
  const token = ((await again.json()) as { data: { token: string; duplicate_user: boolean } }).data.token
  expect((await request.post('/api/account/plan', { data: { plan: 'free' }, headers: auth(token) })).status()).toBe(200)
  await useToken(page, token)

  await page.goto('/welcome')
  await expect(page.getByRole('heading', { name: 'You now have two accounts' })).toBeVisible()
  await expect(page.getByText('Both accounts use the same password.', { exact: false })).toBeVisible()
  await page.getByRole('button', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/\/welcome\?page=2$/)
  await expect(page.getByRole('heading', { name: 'Choose your custom URL' })).toBeVisible()
  await page.goto('/welcome?page=4')
  await expect(page.getByText('Nothing to show')).toBeVisible()
  await page.goto('/welcome?page=1')
  await expect(page.getByRole('heading', { name: 'You now have two accounts' })).toBeVisible()

  await page.getByRole('button', { name: 'Skip' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  // The save option is on for skip too: the user is marked onboarded.
  await expect
    .poll(async () => ((await (await request.get('/api/user', { headers: auth(token) })).json()) as { data: { onboarded: boolean } }).data.onboarded)
    .toBe(true)
  // No slug yet: the dashboard prompts for one.
  await expect(page.getByText('Your list has no public page yet')).toBeVisible()
  await expect(page.getByRole('link', { name: 'set your URL' })).toHaveAttribute('href', '/account/url')
})

test('a visitor searches and filters a public list; Buy links carry the affiliate tag', async ({ page, request }) => {
  const { slug } = await listOwner(request)
  await page.goto(`/${slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Ada Lovelace's TBR list")
  await expect(page).toHaveTitle("Ada Lovelace's TBR list · TBR")
  await expect(bookCards(page)).toHaveCount(3)
  // No token: a sign-up link, no "Add to my list".
  await expect(page.getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/signup')
  await expect(page.getByRole('button', { name: /Add to my list/ })).toHaveCount(0)

  await page.getByLabel('Search books').fill('herbert')
  await expect(bookCards(page)).toHaveCount(1)
  await expect(bookCards(page)).toContainText('Dune')
  await expect(page.getByText('Showing 1 of 3')).toBeVisible()
  await page.getByLabel('Search books').fill('')
  // The status filter is the kit's chips, as on the reader's own list.
  const status = page.getByRole('group', { name: 'Status' })
  await status.getByText('Reading').click()
  await expect(bookCards(page)).toHaveCount(1)
  await expect(bookCards(page)).toContainText('Emma')
  await status.getByText('Not started').click()
  await expect(bookCards(page)).toContainText('Walden')
  await status.getByText('Any').click()
  await expect(status.getByRole('radio', { name: 'Any' })).toBeChecked()
  await expect(bookCards(page)).toHaveCount(3)

  const dune = bookCards(page).filter({ hasText: 'Dune' })
  await expect(dune.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible()
  await expect(dune.getByText('Finished', { exact: true })).toBeVisible()
  const buy = dune.getByRole('link', { name: /^Buy/ })
  await expect(buy).toHaveAttribute('target', '_blank')
  await expect(buy).toHaveAttribute('rel', 'noopener sponsored')
  const href = new URL((await buy.getAttribute('href'))!)
  expect(href.origin + href.pathname).toBe('https://www.amazon.com/s')
  expect(href.searchParams.get('k')).toBe('Dune Frank Herbert')
  expect(href.searchParams.get('tag')).toBe('tbrlist-20')

  // Unknown and malformed slugs show the 404 page.
  await page.goto(`/${slug}-nobody`)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await page.goto('/x')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})

test('a signed-in reader adds a book from another list; the owner sees no Add on their own', async ({ browser, request }) => {
  const owner = await listOwner(request, 'Ada Owner')
  const { token } = await readyUser(request, { name: 'Bob Visitor' })

  const visitor = await browser.newPage()
  await useToken(visitor, token)
  await visitor.goto(`/${owner.slug}`)
  await expect(visitor.getByRole('link', { name: 'Sign up free' })).toHaveCount(0)
  await visitor.getByRole('button', { name: /^Add to my list\s*:\s*Emma$/ }).click()
  await expect(visitor.getByText('Book added')).toBeVisible()
  await expect(visitor.getByRole('button', { name: /^Added\s*:\s*Emma$/ })).toBeDisabled()
  await expect
    .poll(async () => ((await (await request.get('/api/books', { headers: auth(token) })).json()) as { data: { title: string }[] }).data.map((b) => b.title))
    .toEqual(['Emma'])
  // It reaches the visitor's own list (synced into this device).
  await visitor.goto('/books')
  await expect(visitor.getByText('Emma').first()).toBeVisible()
  await visitor.close()

  const own = await browser.newPage()
  await useToken(own, owner.token)
  await own.goto(`/${owner.slug}`)
  await expect(bookCards(own)).toHaveCount(3)
  await expect(own.getByText('This is your public list, as visitors see it.')).toBeVisible()
  await expect(own.getByRole('button', { name: /Add to my list/ })).toHaveCount(0)
  await own.close()
})

test('changing the slug in /account/url frees the old address at once', async ({ page, context, request }) => {
  const owner = await listOwner(request, 'Ada Mover')
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await useToken(page, owner.token)
  // The old list was opened here once (and so cached by the service worker).
  await page.goto(`/${owner.slug}`)
  await expect(bookCards(page)).toHaveCount(3)

  await page.goto('/account/url')
  await expect(page).toHaveTitle('Custom URL · TBR')
  await expect(page.getByRole('heading', { level: 1, name: 'Custom URL' })).toBeVisible()
  await expect(page.getByText('the old link stops working at once')).toBeVisible()
  const current = page.getByRole('link', { name: new RegExp(`/${owner.slug}$`) })
  await expect(current).toBeVisible()
  await page.getByRole('button', { name: 'Copy the link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/${owner.slug}$`))

  await expect(page.locator('form button[type="submit"]')).toHaveCount(1)
  const next = uniqueSlug('moved')
  await page.locator('input[name="slug"]').fill(next)
  await expect(page.getByTestId('slug-availability')).toHaveText(`${next} is available`)
  await page.locator('form button[type="submit"]').click()
  await expect(page.getByText('Your public URL has changed. The old link no longer works.')).toBeVisible()
  await expect(page.getByRole('link', { name: new RegExp(`/${next}$`) })).toBeVisible()

  await page.goto(`/${owner.slug}`)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await page.goto(`/${next}`)
  await expect(bookCards(page)).toHaveCount(3)

  // A taken slug is refused on the field, live, once; submit waits for another.
  const other = await listOwner(request, 'Ada Other')
  await page.goto('/account/url')
  await page.locator('input[name="slug"]').fill(other.slug)
  await expect(page.getByText('That URL is already taken', { exact: true })).toBeVisible()
  await expect(page.getByTestId('slug-availability')).toHaveText('')
  await expect(page.locator('form button[type="submit"]')).toBeDisabled()
})

test('/account/url is online-only: offline it says so and disables submit', async ({ page, context, request }) => {
  const owner = await listOwner(request, 'Ada Offline')
  await useToken(page, owner.token)
  await page.goto('/account/url')
  await expect(page.locator('input[name="slug"]')).toHaveValue(owner.slug)
  await context.setOffline(true)
  await expect(page.getByText(/offline/i).first()).toBeVisible()
  await expect(page.locator('form button[type="submit"]')).toBeDisabled()
  await context.setOffline(false)
})

test('a public list opened once online reopens offline', async ({ page, context, request }) => {
  const { slug } = await listOwner(request, 'Ada Travels')
  await page.goto(`/${slug}`)
  await expect(bookCards(page)).toHaveCount(3)
  await controlledBySw(page)
  // Now under the service worker: this load's API answer is kept for offline use.
  await page.reload()
  await expect(bookCards(page)).toHaveCount(3)
  await context.setOffline(true)
  await reloadOffline(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Ada Travels's TBR list")
  await expect(bookCards(page)).toHaveCount(3)
  await page.getByLabel('Search books').fill('walden')
  await expect(bookCards(page)).toHaveCount(1)
  await context.setOffline(false)
})

test('offline, the dashboard shows the books on the device and says views are unavailable', async ({ page, context, request }) => {
  const owner = await listOwner(request, 'Ada Away')
  await useToken(page, owner.token)
  await page.goto('/dashboard')
  await expect(page.getByRole('list', { name: 'Newest books' }).getByRole('listitem')).toHaveCount(3)
  await controlledBySw(page)
  await context.setOffline(true)
  await reloadOffline(page)
  await expect(page.getByText(/You are offline: your books are shown from this device/)).toBeVisible()
  const stats = page.getByRole('list', { name: 'Statistics' })
  await expect(stats.getByRole('region', { name: 'Books' })).toContainText('3')
  await expect(stats.getByRole('region', { name: 'TBR views' })).toContainText('Unavailable offline')
  await expect(page.getByRole('list', { name: 'Newest books' }).getByRole('listitem')).toHaveCount(3)
  // The book charts come from the device; the views chart needs the server.
  await expect(page.locator('figure svg[role="img"]')).toHaveCount(2)
  await context.setOffline(false)
})

test.describe('accessibility scans', () => {
  // The screens, not the service worker: no precache of the build per context (decision 51).
  test.use({ serviceWorkers: 'block' })
  for (const scheme of ['light', 'dark'] as const) {
    test(`shared-list screens are accessible in ${scheme} mode`, async ({ page, request }) => {
      test.setTimeout(120_000)
      const owner = await listOwner(request, 'Ada Axe')
      await request.patch('/api/user', { data: { dark_mode: scheme === 'dark' }, headers: auth(owner.token) })
      await page.emulateMedia({ colorScheme: scheme })
      // Signed out first: the public page as a visitor sees it.
      await page.goto(`/${owner.slug}`)
      await expect(bookCards(page)).toHaveCount(3)
      await expectAccessible(page, `/${owner.slug} (visitor)`)
      await useToken(page, owner.token)
      for (const path of ['/welcome', '/dashboard', '/account/url', `/${owner.slug}`]) {
        await page.goto(path)
        await expect(page.locator('main h1')).toBeVisible()
        if (path === '/dashboard') await expect(page.locator('figure svg[role="img"]')).toHaveCount(3)
        await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
        await expectAccessible(page, path)
      }
    })
  }
})

test('the public page works from the keyboard', async ({ page, request }) => {
  const { slug } = await listOwner(request, 'Ada Keys')
  await page.goto(`/${slug}`)
  await expect(bookCards(page)).toHaveCount(3)
  const search = page.getByLabel('Search books')
  await search.focus()
  await page.keyboard.type('emma')
  await expect(bookCards(page)).toHaveCount(1)
  // Into the status chips (the checked one), arrows choose, Tab leaves them.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('radio', { name: 'Any' })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: 'Not started' })).toBeChecked()
  await expect(page.getByText('No books match your search.')).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: 'Reading' })).toBeChecked()
  await expect(bookCards(page)).toHaveCount(1)
  await page.keyboard.press('Tab')
  await expect(bookCards(page).getByRole('link', { name: /^Buy\s*:\s*Emma/ })).toBeFocused()
})

test('a visitor who cached a list sees the 404 once its slug changed, not the stale list', async ({ page, request }) => {
  const owner = await listOwner(request, 'Ada Mover')
  await page.goto(`/${owner.slug}`)
  await expect(bookCards(page)).toHaveCount(3)
  await controlledBySw(page)
  await page.reload()
  await expect(bookCards(page)).toHaveCount(3)

  await setSlug(request, owner.token, uniqueSlug('moved'))
  // The first load may still paint the cached list while the service worker revalidates it;
  // that revalidation answers 404 and drops the entry, so the next load shows the 404 page.
  await page.reload()
  await page.waitForLoadState('networkidle')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})
