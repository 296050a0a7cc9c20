import { expect, test, type APIRequestContext } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expectAccessible } from './a11y'
import { notifications, readyUser, useToken } from './auth-helpers'
import { auth, controlledBySw, expectServerBooks, reloadOffline } from './books-helpers'

// A new reader's first screens: the welcome steps (the onboarding wizard), the custom URL
// form's messages, one public address on every screen (APP_URL; decision 23), and the views
// statistic before there is anything to compare with.

// The columns of a Goodreads library export (tests/fixtures/import), as the site writes them.
const GOODREADS_HEADER = readFileSync(
  fileURLToPath(new URL('../fixtures/import/goodreads_library_export.csv', import.meta.url)),
  'utf8',
).split(/\r?\n/)[0]!

const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

async function setSlug(request: APIRequestContext, token: string, slug: string) {
  expect((await request.patch('/api/url', { data: { slug }, headers: auth(token) })).status()).toBe(200)
}

test('onboarding: choose a URL, add the first books right there or import them, Finish; done means done', async ({ page, request }) => {
  const { token } = await readyUser(request, { name: 'Olga Onboard' })
  await useToken(page, token)
  await page.goto('/welcome')
  await expect(page.getByText('2 quick steps and your reading list is ready to share.')).toBeVisible()
  const steps = page.getByRole('navigation', { name: 'Onboarding steps' }).getByRole('button')
  await expect(steps).toHaveText([/Your custom URL/, /Your first books/])
  // A green tick on the current step; the next one shows its number, not a tick.
  await expect(steps.nth(0).locator('svg')).toHaveCount(1)
  await expect(steps.nth(1).locator('svg')).toHaveCount(0)
  await expect(steps.nth(1)).toContainText('2')
  const pager = page.getByRole('navigation', { name: 'Onboarding pages' })
  await expect(pager.getByRole('button', { name: 'Previous page' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Finish' })).toHaveCount(0)

  const slug = uniqueSlug('olga')
  await page.locator('input[name="slug"]').fill(slug)
  await expect(page.getByTestId('slug-availability')).toHaveText(`${slug} is available`)
  await page.getByRole('form', { name: 'Custom URL' }).locator('button[type="submit"]').click()
  await expect(page.getByText('Your list is live')).toBeVisible()

  await pager.getByRole('button', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/\/welcome\?page=2$/)
  await expect(page.getByRole('heading', { name: 'Add your first books' })).toBeVisible()
  await expect(steps.nth(1).locator('svg')).toHaveCount(1)
  await expect(pager.getByRole('button', { name: 'Next page' })).toHaveCount(0)
  // A book or two, through the same outbox as /books/new; the form is ready for the next one.
  const form = page.getByRole('form', { name: 'Add a book' })
  await form.locator('input[name="title"]').fill('Dune')
  await form.locator('input[name="author"]').fill('Frank Herbert')
  await form.locator('button[type="submit"]').click()
  await expect(page.getByRole('status').filter({ hasText: 'Added “Dune” to your list.' })).toBeVisible()
  await expect(form.locator('input[name="title"]')).toHaveValue('')
  await form.locator('input[name="title"]').fill('Emma')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'On your list: 2 books' })).toBeVisible()
  await expectAccessible(page, '/welcome?page=2')
  await expectServerBooks(request, token, (b) => [b.title, b.author], [['Dune', 'Frank Herbert'], ['Emma', null]])

  // A list kept elsewhere comes in through /books/import, whose ways out lead back to this step.
  await page.getByRole('link', { name: 'Import it' }).click()
  await expect(page).toHaveURL(/\/books\/import\?welcome=2$/)
  await expect(page.getByRole('link', { name: 'Back to your first books' })).toHaveCount(1)
  await page.locator('input[type="file"]').setInputFiles({
    name: 'goodreads_library_export.csv',
    mimeType: 'text/csv',
    // Goodreads ends its lines with CRLF.
    buffer: Buffer.from(`${GOODREADS_HEADER}\r\n1,Walden,Henry David Thoreau\r\n2,Beloved,Toni Morrison\r\n`),
  })
  await expect(page.getByText('2 books imported.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'See your books' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Back to your first books' }).last().click()
  await expect(page).toHaveURL(/\/welcome\?page=2$/)
  await expect(page.getByRole('heading', { name: 'On your list: 4 books' })).toBeVisible()
  await expect(steps.nth(1).locator('svg')).toHaveCount(1)

  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('list', { name: 'Newest books' }).getByRole('listitem')).toHaveCount(4)
  // Finished: /welcome is behind the reader now.
  await page.goto('/welcome')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Olga Onboard')
})

test('custom URL: one message at a time, taken and reserved said live, submit held back while refused', async ({ page, request }) => {
  const { token } = await readyUser(request, { name: 'Uma Url' })
  await setSlug(request, token, uniqueSlug('uma'))
  const other = await readyUser(request, { name: 'Tom Taken' })
  const taken = uniqueSlug('tom')
  await setSlug(request, other.token, taken)
  await useToken(page, token)
  await page.goto('/account/url')

  const form = page.getByRole('form', { name: /^(Custom URL|URL personalizada)$/ })
  const field = form.locator('input[name="slug"]')
  const error = form.locator('[data-field="slug"]')
  const status = page.getByTestId('slug-availability')
  const submit = form.locator('button[type="submit"]')

  await field.fill(taken.toUpperCase())
  await expect(error).toHaveText('That URL is already taken')
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(status).toHaveText('')
  await expect(page.getByText(/already taken/)).toHaveCount(1)
  await expect(submit).toBeDisabled()

  // Reserved, before any blur or submit.
  await field.fill('Dashboard')
  await expect(error).toHaveText('That URL is reserved: please choose another')
  await expect(submit).toBeDisabled()
  await field.fill('ab-')
  await expect(error).toHaveText('URLs can only contain letters, digits, hyphens and underscores (3 to 40), starting and ending with a letter or digit')
  await expect(submit).toBeDisabled()

  // Hyphens and underscores are fine; the refusal goes as soon as the text changes.
  const next = `${uniqueSlug('uma')}_2`
  await field.fill(next)
  await expect(error).toHaveCount(0)
  await expect(status).toHaveText(`${next} is available`)
  await expect(submit).toBeEnabled()
  await submit.click()
  await expect(notifications(page).getByText('Your public URL has changed')).toBeVisible()
  await expect(page.getByRole('link', { name: new RegExp(`/${next}$`) })).toBeVisible()

  // The same rules, in Spanish.
  await request.patch('/api/user', { data: { locale: 'es' }, headers: auth(token) })
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await field.fill('x')
  await expect(error).toHaveText('Las URL solo pueden contener letras, cifras, guiones y guiones bajos (de 3 a 40), y empezar y terminar con una letra o una cifra')
  await field.fill(taken)
  await expect(error).toHaveText('Esa URL ya está en uso')
})

test('one public address everywhere: APP_URL, online and offline, whatever host the app was opened on', async ({ page, context, request, baseURL }) => {
  const { token } = await readyUser(request, { name: 'Hana Host' })
  const slug = uniqueSlug('hana')
  await setSlug(request, token, slug)
  // The test server's APP_URL is http://localhost:<port>; open the app on 127.0.0.1 instead.
  const app = new URL(baseURL!)
  const elsewhere = `http://127.0.0.1:${app.port}`
  const address = `${baseURL}/${slug}`
  await useToken(page, token)

  await page.goto(`${elsewhere}/welcome`)
  await expect(page.getByRole('form', { name: 'Custom URL' })).toContainText(`${app.host}/`)
  await page.goto(`${elsewhere}/account/url`)
  await expect(page.getByRole('link', { name: address, exact: true })).toBeVisible()
  await page.goto(`${elsewhere}/dashboard`)
  const card = page.getByRole('list', { name: 'Statistics' }).getByRole('region', { name: 'Custom URL' })
  await expect(card.getByRole('link', { name: address, exact: true })).toBeVisible()
  await controlledBySw(page)

  await context.setOffline(true)
  await reloadOffline(page)
  await expect(page.getByText(/You are offline: your books are shown from this device/)).toBeVisible()
  await expect(card.getByRole('link', { name: address, exact: true })).toBeVisible()
  await page.goto(`${elsewhere}/account/url`)
  await expect(page.getByRole('link', { name: address, exact: true })).toBeVisible()
  await expect(page.getByRole('form', { name: 'Custom URL' })).toContainText(`${app.host}/`)
  await context.setOffline(false)
})

test('views: no arrow without a previous period, "new" once views arrive (en, es), never "+100%"', async ({ page, request }) => {
  const { token } = await readyUser(request, { name: 'Vera Views' })
  const slug = uniqueSlug('vera')
  await setSlug(request, token, slug)
  await request.patch('/api/user', { data: { onboarded: true }, headers: auth(token) })
  await useToken(page, token)
  await page.goto('/dashboard')
  const views = page.getByRole('list', { name: 'Statistics' }).getByRole('region', { name: 'TBR views' })
  await expect(views).toContainText('0 in the last 30 days')
  await expect(views.getByRole('img')).toHaveCount(0)
  await expect(views).not.toContainText('%')

  // Two visitors' loads (signed out: counted).
  for (let i = 0; i < 2; i++) expect((await request.get(`/api/public/${slug}`)).status()).toBe(200)
  await page.reload()
  await expect(views).toContainText('2 in the last 30 days')
  await expect(views.getByText('new', { exact: true })).toBeVisible()
  await expect(views.getByRole('img')).toHaveCount(0)
  await expect(views).not.toContainText('%')

  await request.patch('/api/user', { data: { locale: 'es' }, headers: auth(token) })
  await page.reload()
  const vistas = page.getByRole('list', { name: 'Estadísticas' }).getByRole('region', { name: 'Visitas a tu lista' })
  await expect(vistas.getByText('nuevo', { exact: true })).toBeVisible()
})
