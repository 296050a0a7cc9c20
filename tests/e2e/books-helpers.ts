import { expect, type APIRequestContext, type Page, type Route } from '@playwright/test'

// Shared steps for the books end-to-end specs: what the server holds, and the service worker.

export interface ServerBook {
  id: string
  title: string
  author: string | null
  rating: number | null
  review: string | null
  started_at: string | null
  finished_at: string | null
  imageUrl: string | null
  isbn: string | null
  asin: string | null
  position: string | null
  added_at: string
  source: string
  status: string
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` })

/** GET /api/books with the reader's token. */
export async function serverBooks(request: APIRequestContext, token: string): Promise<ServerBook[]> {
  const res = await request.get('/api/books', { headers: auth(token) })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: ServerBook[] }).data
}

/** Polls the server until its books, summarised by `pick` and sorted, equal `expected`. */
export async function expectServerBooks<T>(
  request: APIRequestContext,
  token: string,
  pick: (b: ServerBook) => T,
  expected: T[],
  timeout = 30_000,
) {
  await expect
    .poll(async () => (await serverBooks(request, token)).map(pick).sort(bySerialised), {
      timeout,
      message: 'the server’s books',
    })
    .toEqual([...expected].sort(bySerialised))
}

const bySerialised = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b))

export async function addServerBook(request: APIRequestContext, token: string, data: Record<string, unknown>) {
  const res = await request.post('/api/books', { data, headers: auth(token) })
  expect(res.status()).toBe(201)
  return ((await res.json()) as { data: ServerBook }).data
}

/** Waits until the service worker controls the page (the first load is claimed by clients.claim()). */
export async function controlledBySw(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
    .toBe(true)
}

/** The sync badge in the app layout. */
export const syncBadge = (page: Page) => page.getByTestId('sync-badge')

/** Clicks a star of the rating field (the reader clicks the star; the radio inside is visually hidden). */
export async function rate(page: Page, stars: number) {
  const name = stars === 1 ? '1 star' : `${stars} stars`
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name, exact: true }) })
    .click()
  await expect(page.getByRole('radio', { name, exact: true })).toBeChecked()
}

/** Today as the date field sends it and shows it (long form, en). */
export function today() {
  const d = new Date()
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  )
  return { iso, long }
}

/** Opens a date field's calendar and picks today with the keyboard (focus starts on today). */
export async function pickToday(page: Page, label: string) {
  await page.getByRole('button', { name: new RegExp(`^${label} `) }).click()
  const focused = page.locator('[data-part="table-cell-trigger"][data-view="day"][data-focus]')
  await expect(focused).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: `${label} ${today().long}` })).toBeVisible()
}

/** A book's row in the /books list. */
export const bookRow = (page: Page, title: string) =>
  page
    .getByRole('list', { name: /^(Your books|Tus libros)$/ })
    .getByRole('listitem')
    .filter({ hasText: title })

/** The /books rows' titles in list order (rows are placed by aria-posinset, not DOM order). */
export async function listedTitles(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: /^(Your books|Tus libros)$/ })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items
        .map((li) => [Number(li.getAttribute('aria-posinset')), li.querySelector('a')?.textContent ?? ''] as const)
        .sort((a, b) => a[0] - b[0])
        .map(([, title]) => title),
    )
}

/** The server's books in "Up next" order (keys compared as plain strings). */
export async function serverUpNext(request: APIRequestContext, token: string): Promise<string[]> {
  const books = await serverBooks(request, token)
  return books
    .sort((a, b) => (a.position! < b.position! ? -1 : a.position! > b.position! ? 1 : a.id < b.id ? -1 : 1))
    .map((b) => b.title)
}

/**
 * Reloads the page with the network off. Chromium keeps the emulated offline network across a
 * reload, but the new document's navigator.onLine reads true until the emulation is applied
 * again (seen with Chromium 150), so it is switched off and on once the page is back.
 */
export async function reloadOffline(page: Page) {
  await page.reload()
  await tellOffline(page)
}

/** Opens `url` with the network off (see reloadOffline: the new document must be told again). */
export async function gotoOffline(page: Page, url: string) {
  await page.goto(url)
  await tellOffline(page)
}

/**
 * Switches the emulated network on and off again so the document reads navigator.onLine false.
 * For the instant it is on, every API request is refused as a dropped connection would be: an
 * answer let through then (the dashboard's views, a sync pull) would show data the offline page
 * must not have (seen in a full CI run).
 */
async function tellOffline(page: Page) {
  const context = page.context()
  const refuse = (route: Route) => route.abort('internetdisconnected')
  await context.route('**/api/**', refuse)
  await context.setOffline(false)
  await context.setOffline(true)
  await context.unroute('**/api/**', refuse)
}
