import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { baseURL } from '../playwright.config'
import { readyUser, useToken } from './auth-helpers'
import { addServerBook, auth } from './books-helpers'

// A shared link /{slug} is answered with the whole page, rendered on the server
// from the same components as the app's route, in the visitor's language; the light entry
// hydrates it (search and filter work) without asking the API for the list again, and each load
// is one view.

async function listOwner(request: APIRequestContext, name: string) {
  const { token } = await readyUser(request, { name })
  const slug = `${name.split(' ')[0]!.toLowerCase()}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  expect((await request.patch('/api/url', { data: { slug }, headers: auth(token) })).status()).toBe(200)
  await addServerBook(request, token, { title: 'Dune', author: 'Frank Herbert', rating: 5, started_at: '2024-01-02', finished_at: '2024-02-03' })
  await addServerBook(request, token, { title: 'Emma', author: 'Jane Austen', started_at: '2024-03-01' })
  await addServerBook(request, token, { title: 'Walden', author: 'Henry David Thoreau' })
  return { token, slug }
}

const cards = (page: Page) => page.getByRole('list', { name: 'Books' }).getByRole('listitem')

/** This month's views of the owner's list (GET /api/account/usage writes pending views before it reads). */
async function views(request: APIRequestContext, token: string) {
  const res = await request.get('/api/account/usage', { headers: auth(token) })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: { views: number } }).data.views
}

test('the HTML answer is the whole list, in the visitor’s language', async ({ request }) => {
  const { slug } = await listOwner(request, 'Ada Rendered')
  const en = await request.get(`/${slug}`, { headers: { 'accept-language': 'en' } })
  expect(en.status()).toBe(200)
  const html = await en.text()
  expect(html).toContain('<html lang="en"')
  expect(html).toContain('Ada Rendered&#39;s TBR list')
  for (const title of ['Dune', 'Emma', 'Walden']) expect(html).toContain(`>${title}</h2>`)
  expect(html).toContain('3 books')
  expect(html).toContain('Sign up free')
  // Open Graph tags stay; the data for hydration is data, not a script the CSP would refuse.
  expect(html).toContain('<meta property="og:title" content="Ada Rendered&#39;s TBR list">')
  expect(html).toMatch(/<script type="application\/json" id="tbr-public-data">/)
  const scriptSrc = en.headers()['content-security-policy']!.split(';').find((d) => d.trim().startsWith('script-src'))
  expect(scriptSrc).toContain("'self'")
  expect(scriptSrc).not.toContain('unsafe-inline')

  const es = await (await request.get(`/${slug}`, { headers: { 'accept-language': 'es' } })).text()
  expect(es).toContain('<html lang="es"')
  expect(es).toContain('Lista TBR de Ada Rendered')
  expect(es).toContain('3 libros')
  expect(es).toContain('Buscar libros')
  for (const title of ['Dune', 'Emma', 'Walden']) expect(es).toContain(`>${title}</h2>`)
})

test('a title that spells a closing script tag stays text, in the page and in its data', async ({ page, request }) => {
  const { token, slug } = await listOwner(request, 'Ada Escapes')
  const nasty = '</script><script>window.pwned = 1</script> & <b>bold</b>'
  await addServerBook(request, token, { title: nasty, author: 'Mallory' })
  const html = await (await request.get(`/${slug}`)).text()
  expect(html).not.toContain('<script>window.pwned')
  await page.goto(`/${slug}`)
  await expect(page).toHaveTitle("Ada Escapes's TBR list · TBR")
  await expect(cards(page)).toHaveCount(4)
  await expect(page.getByRole('heading', { level: 2, name: nasty })).toBeVisible()
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined()
})

test('the page hydrates: search and filter work, no API call for the list, no console noise, one view per load', async ({ page, request }) => {
  const { slug, token } = await listOwner(request, 'Ada Hydrated')
  const noise: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') noise.push(m.text())
  })
  page.on('pageerror', (e) => noise.push(e.message))
  const listCalls: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/public/')) listCalls.push(r.url())
  })

  const before = await views(request, token)
  await page.goto(`/${slug}`)
  // The title is set by the page's code once it runs (hydrated).
  await expect(page).toHaveTitle("Ada Hydrated's TBR list · TBR")
  await expect(cards(page)).toHaveCount(3)
  await page.getByLabel('Search books').fill('thoreau')
  await expect(cards(page)).toHaveCount(1)
  await expect(cards(page)).toContainText('Walden')
  await expect(page.getByText('Showing 1 of 3')).toBeVisible()
  await page.getByLabel('Search books').fill('')
  await page.getByRole('group', { name: 'Status' }).getByText('Finished').click()
  await expect(cards(page)).toHaveCount(1)
  await expect(cards(page)).toContainText('Dune')
  expect(await views(request, token)).toBe(before + 1)

  await page.reload()
  await expect(page).toHaveTitle("Ada Hydrated's TBR list · TBR")
  await expect(cards(page)).toHaveCount(3)
  expect(await views(request, token)).toBe(before + 2)
  expect(listCalls, 'requests to /api/public/{slug}').toEqual([])
  expect(noise, 'console errors and warnings').toEqual([])
})

test('without JavaScript the list is all there; with it the page looks the same', async ({ browser, request }) => {
  const { slug } = await listOwner(request, 'Ada Static')
  for (const width of [390, 1280]) {
    const viewport = { width, height: width < 600 ? 844 : 800 }
    const still = await browser.newPage({ javaScriptEnabled: false, viewport })
    await still.goto(`/${slug}`)
    await expect(cards(still)).toHaveCount(3)
    await expect(still.getByRole('heading', { level: 1 })).toHaveText("Ada Static's TBR list")
    await expect(still.getByRole('link', { name: /^Buy/ }).first()).toHaveAttribute('href', /tag=tbrlist-20/)
    const box = (p: Page) => p.getByRole('list', { name: 'Books' }).boundingBox()
    const live = await browser.newPage({ viewport })
    await live.goto(`/${slug}`)
    await expect(live).toHaveTitle("Ada Static's TBR list · TBR")
    // Hydration moved nothing: the grid is where the server put it.
    expect(await box(live)).toEqual(await box(still))
    await still.close()
    await live.close()
  }
})

test('a signed-in visitor gets Add and the way back; the owner gets neither Add nor sign-up', async ({ browser, request }) => {
  const owner = await listOwner(request, 'Ada Owns')
  const { token } = await readyUser(request, { name: 'Bob Adds' })
  const visitor = await browser.newPage()
  await useToken(visitor, token)
  await visitor.goto(`/${owner.slug}`)
  await expect(visitor.getByRole('link', { name: 'My books' })).toHaveAttribute('href', '/books')
  await expect(visitor.getByRole('link', { name: 'Sign up free' })).toHaveCount(0)
  await visitor.getByRole('button', { name: /^Add to my list\s*:\s*Walden$/ }).click()
  await expect(visitor.getByText('Book added')).toBeVisible()
  await expect(visitor.getByRole('button', { name: /^Added\s*:\s*Walden$/ })).toBeDisabled()
  await visitor.close()

  const own = await browser.newPage()
  await useToken(own, owner.token)
  const before = await views(request, owner.token)
  await own.goto(`/${owner.slug}`)
  await expect(own.getByText('This is your public list, as visitors see it.')).toBeVisible()
  await expect(own.getByRole('button', { name: /Add to my list/ })).toHaveCount(0)
  // Once the page knows the account (it asked /api/user), the owner's next load is no view.
  await own.reload()
  await expect(own.getByText('This is your public list, as visitors see it.')).toBeVisible()
  expect(await views(request, owner.token)).toBe(before + 1)
  await own.close()
})

test('a visitor who acts before the page has hydrated is not ignored: the first input hydrates it', async ({ browser, request }) => {
  const owner = await listOwner(request, 'Ada Early')
  const { token } = await readyUser(request, { name: 'Eve Early' })
  const account: string = (await (await request.get('/api/user', { headers: auth(token) })).json()).data.account_id
  // A signed-in device, as the server knows it from its cookie: "Add" is in the server's markup.
  const context = await browser.newContext({ serviceWorkers: 'block' })
  await context.addCookies([{ name: 'tbr_account', value: account, url: baseURL }])
  await context.addInitScript(
    ([t, a]) => {
      localStorage.setItem('token', t!)
      localStorage.setItem('account_id', a!)
    },
    [token, account],
  )
  const page = await context.newPage()
  // The page's timers stand still: its entry runs, but the hydration it schedules waits.
  const now = Date.now()
  await page.clock.install({ time: now })
  await page.clock.pauseAt(now + 1000)
  await page.goto(`/${owner.slug}`)
  const add = page.getByRole('button', { name: /^Add to my list\s*:\s*Walden$/ })
  await expect(add).toBeVisible()

  // Typing in the search box, and a click on a card, work at once.
  await page.getByLabel('Search books').fill('walden')
  await expect(cards(page)).toHaveCount(1)
  await add.click()
  await page.clock.resume()
  await expect(page.getByText('Book added')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Added\s*:\s*Walden$/ })).toBeDisabled()
  await context.close()
})

test('the language switch reloads the list in the chosen language, and it stays chosen', async ({ page, request }) => {
  const { slug } = await listOwner(request, 'Ada Switches')
  await page.goto(`/${slug}`)
  await expect(page).toHaveTitle("Ada Switches's TBR list · TBR")
  await page.getByRole('button', { name: 'ES Español' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lista TBR de Ada Switches')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await page.goto(`/${slug}`)
  await expect(page.getByLabel('Buscar libros')).toBeVisible()
  await page.getByRole('button', { name: 'EN English' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Ada Switches's TBR list")
})

test('a first visit paints in the system’s theme before any script runs; an unknown slug answers 404', async ({ browser, request }) => {
  const { slug } = await listOwner(request, 'Ada Themes')
  const background = async (scheme: 'dark' | 'light', javaScriptEnabled: boolean) => {
    const context = await browser.newContext({ colorScheme: scheme, javaScriptEnabled })
    const page = await context.newPage()
    await page.goto(`/${slug}`)
    await expect(cards(page)).toHaveCount(3)
    if (javaScriptEnabled) await expect(page).toHaveTitle("Ada Themes's TBR list · TBR")
    const colour = await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)
    await context.close()
    return colour
  }
  const [darkStill, lightStill, darkLive] = [await background('dark', false), await background('light', false), await background('dark', true)]
  expect(lightStill).toBe('rgb(255, 255, 255)')
  expect(darkStill).not.toBe(lightStill)
  // Hydration keeps the mode the first paint had: no flash.
  expect(darkLive).toBe(darkStill)

  const missing = await request.get('/no-list-by-this-name')
  expect(missing.status()).toBe(404)
  expect(await missing.text()).toContain('<div id="root">')
})
