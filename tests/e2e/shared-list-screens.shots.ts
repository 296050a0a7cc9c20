import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { readyUser, useToken } from './auth-helpers'

// Screenshots of the shared-list screens for a person to look at (not a pixel comparison): phone
// and desktop widths, light and dark, English and Spanish. Run with SHOTS=1; the images go to
// tests/.output/screens/.
test.skip(!process.env.SHOTS, 'screenshots only with SHOTS=1')

const auth = (token: string) => ({ authorization: `Bearer ${token}` })
const OUT = 'tests/.output/screens'

async function reader(request: APIRequestContext, name: string, opts: { books?: boolean; slug?: boolean } = {}) {
  const { token } = await readyUser(request, { name })
  if (opts.slug) {
    const slug = `${name.split(' ')[0]!.toLowerCase()}-${Date.now().toString(36)}`
    expect((await request.patch('/api/url', { data: { slug }, headers: auth(token) })).status()).toBe(200)
  }
  if (opts.books) {
    const books = [
      { title: 'Dune', author: 'Frank Herbert', rating: 5, started_at: '2024-01-02', finished_at: '2024-02-03', review: 'Spice, sand and politics: a slow start, then impossible to put down.' },
      { title: 'Emma', author: 'Jane Austen', rating: 4, started_at: '2024-03-01' },
      { title: 'Walden; or, Life in the Woods', author: 'Henry David Thoreau' },
      { title: 'Cien años de soledad', author: 'Gabriel García Márquez', rating: 5, started_at: '2024-04-01', finished_at: '2024-05-20' },
      { title: 'The Left Hand of Darkness', author: 'Ursula K. Le Guin' },
    ]
    for (const data of books) expect((await request.post('/api/books', { data, headers: auth(token) })).status()).toBe(201)
  }
  const user = (await (await request.get('/api/user', { headers: auth(token) })).json()) as { data: { slug: string | null } }
  return { token, slug: user.data.slug }
}

async function shoot(page: Page, name: string) {
  // Let the page transition and the charts' 1000 ms animation finish.
  await page.waitForTimeout(1400)
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true })
  // Phone pages are tall: also in viewport-high parts, to look at them at full size.
  const { width, height } = page.viewportSize()!
  if (width >= 500) return
  const total = await page.evaluate(() => document.documentElement.scrollHeight)
  for (let y = 0, part = 1; y < total; y += height, part++) {
    await page.screenshot({ path: `${OUT}/${name}.part${part}.png`, fullPage: true, clip: { x: 0, y, width, height: Math.min(height, total - y) } })
  }
}

const LANGS = (process.env.SHOTS_LANGS ?? 'en,es').split(',') as ('en' | 'es')[]
const SCHEMES = (process.env.SHOTS_SCHEMES ?? 'light,dark').split(',') as ('light' | 'dark')[]

for (const lang of LANGS) {
  for (const scheme of SCHEMES) {
    test(`screens in ${lang}, ${scheme}`, async ({ browser, request }) => {
      test.setTimeout(180_000)
      const owner = await reader(request, 'Ada Lovelace', { books: true, slug: true })
      const visitor = await reader(request, 'Bob Visitor')
      const fresh = await reader(request, 'Carmen Nueva')
      for (const r of [owner, visitor, fresh]) {
        await request.patch('/api/user', { data: { dark_mode: scheme === 'dark', locale: lang }, headers: auth(r.token) })
      }
      for (const width of [390, 1280]) {
        const suffix = `${width}-${scheme}-${lang}`
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, colorScheme: scheme, locale: lang === 'es' ? 'es-ES' : 'en-US' })
        // Signed out: the public page as a visitor sees it.
        const anon = await context.newPage()
        await anon.addInitScript((l) => localStorage.setItem('locale', l), lang)
        await anon.goto(`/${owner.slug}`)
        await expect(anon.getByRole('list').getByRole('listitem').first()).toBeVisible()
        await shoot(anon, `public-visitor-${suffix}`)
        await anon.close()

        const pages: [string, { token: string }, string][] = [
          [`/${owner.slug}`, visitor, 'public-signed-in'],
          ['/welcome', fresh, 'welcome'],
          ['/dashboard', owner, 'dashboard'],
          ['/dashboard', fresh, 'dashboard-empty'],
          ['/account/url', owner, 'account-url'],
        ]
        for (const [path, who, name] of pages) {
          const page = await context.newPage()
          await useToken(page, who.token)
          await page.goto(path)
          await expect(page.locator('main h1')).toBeVisible()
          if (name === 'dashboard') await expect(page.locator('figure svg[role="img"]')).toHaveCount(3)
          await shoot(page, `${name}-${suffix}`)
          await page.close()
        }
        await context.close()
      }
    })
  }
}
