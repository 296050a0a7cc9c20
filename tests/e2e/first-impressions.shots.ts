import { expect, test, type Locator, type Page } from '@playwright/test'
import { readyUser, useToken } from './auth-helpers'
import { addServerBook, auth, controlledBySw } from './books-helpers'

// Screenshots of the first-impression screens (the welcome steps, /account/url with its toast,
// the dashboard's cards, the public page and its offline copy, the signed-out 404) for a person
// to look at, not pixel assertions: SHOTS=<dir> writes PNGs at 390×844 and 1280×800, light and
// dark, English and Spanish. Phone shots are of the viewport with the screen's primary button
// scrolled into view (as a reader reaches it), so anything floating over it shows.
const dir = process.env.SHOTS
test.skip(!dir, 'set SHOTS=<dir> to take screenshots')

const combos = [390, 1280].flatMap((width) =>
  (['light', 'dark'] as const).flatMap((scheme) => (['en', 'es'] as const).map((lang) => ({ width, scheme, lang }))),
)
const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

for (const { width, scheme, lang } of combos) {
  test(`first impressions ${width}px ${scheme} ${lang}`, async ({ browser, request }) => {
    test.setTimeout(180_000)
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 800 },
      colorScheme: scheme,
      locale: lang === 'es' ? 'es-ES' : 'en-US',
    })
    const suffix = `${width}-${scheme}-${lang}`
    const settle = (page: Page) =>
      page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))
    const full = async (page: Page, name: string) => {
      await settle(page)
      await page.screenshot({ path: `${dir}/${name}-${suffix}.png`, fullPage: true })
    }
    /** The viewport with `target` scrolled just into view from below, as a reader scrolls to it. */
    const atButton = async (page: Page, target: Locator, name: string) => {
      await target.evaluate((el) => el.scrollIntoView({ block: 'nearest' }))
      await settle(page)
      await page.screenshot({ path: `${dir}/${name}-${suffix}.png` })
    }
    const prefs = { dark_mode: scheme === 'dark', locale: lang }

    // A new reader on /welcome (no slug yet).
    const fresh = await readyUser(request, { name: 'Carmen Nueva', lang })
    await request.patch('/api/user', { data: prefs, headers: auth(fresh.token) })
    const welcome = await context.newPage()
    await useToken(welcome, fresh.token)
    await welcome.goto('/welcome')
    await expect(welcome.locator('main h1')).toBeVisible()
    await full(welcome, 'welcome')
    await atButton(welcome, welcome.locator('main button').last(), 'welcome-bottom')
    // The second step, when it exists (the first books).
    const next = welcome.getByRole('button', { name: /^(Next page|Página siguiente)$/ })
    if (await next.count()) {
      await next.click()
      const form = welcome.locator('form').filter({ has: welcome.locator('input[name="author"]') })
      await form.locator('input[name="title"]').fill('Dune')
      await form.locator('input[name="author"]').fill('Frank Herbert')
      await form.locator('button[type="submit"]').click()
      await expect(welcome.getByRole('status').filter({ hasText: 'Dune' })).toBeVisible()
      await full(welcome, 'welcome-books')
      await atButton(welcome, welcome.locator('main button').last(), 'welcome-books-bottom')
      // The import offered in that step, with its way back to the step.
      const importLink = welcome.getByRole('link', { name: /^(Import it|Impórtala)$/ })
      if (await importLink.count()) {
        await importLink.click()
        await expect(welcome.locator('input[type="file"]')).toBeVisible()
        await full(welcome, 'welcome-import')
      }
    }
    await welcome.close()

    // The owner: a slug, books (one with a very long title and author) for the dashboard.
    const owner = await readyUser(request, { name: 'Ada Lovelace', lang })
    await request.patch('/api/user', { data: { ...prefs, onboarded: true }, headers: auth(owner.token) })
    const slug = uniqueSlug('ada')
    expect((await request.patch('/api/url', { data: { slug }, headers: auth(owner.token) })).status()).toBe(200)
    await addServerBook(request, owner.token, { title: 'Dune', author: 'Frank Herbert', rating: 5, started_at: '2024-01-02', finished_at: '2024-02-03', review: 'Spice, sand and politics.' })
    await addServerBook(request, owner.token, { title: 'Emma', author: 'Jane Austen', started_at: '2024-03-01' })
    await addServerBook(request, owner.token, { title: 'Walden; or, Life in the Woods', author: 'Henry David Thoreau' })
    await addServerBook(request, owner.token, {
      title: `The Extraordinarily Long and Winding Chronicle of ${'Everything '.repeat(25)}`.slice(0, 300),
      author: 'Maria Antonietta Giuseppina Bartolomea Fitzgerald-Wolfeschlegelsteinhausen',
    })

    const dash = await context.newPage()
    await useToken(dash, owner.token)
    await dash.goto('/dashboard')
    await expect(dash.locator('figure svg[role="img"]')).toHaveCount(3)
    await expect(dash.getByRole('list', { name: /^(Newest books|Libros más recientes)$/ }).getByRole('listitem')).toHaveCount(4)
    await full(dash, 'dashboard')
    await atButton(dash, dash.getByRole('link', { name: /^(All books|Todos los libros)$/ }), 'dashboard-all-books')

    // /account/url: the change form, a taken slug, then a change and its toast.
    await dash.goto('/account/url')
    await expect(dash.locator('main h1')).toBeVisible()
    await full(dash, 'account-url')
    const taken = await readyUser(request, { name: 'Tom Taken' })
    const takenSlug = uniqueSlug('tom')
    expect((await request.patch('/api/url', { data: { slug: takenSlug }, headers: auth(taken.token) })).status()).toBe(200)
    await dash.locator('input[name="slug"]').fill(takenSlug)
    // The refusal: on the field (now), or the live line (before).
    await expect(dash.locator('[data-field="slug"]').or(dash.getByTestId('slug-availability').filter({ hasText: takenSlug }))).toBeVisible()
    // (Refused slugs hold the submit back now: a press may not happen.)
    await dash.locator('form button[type="submit"]').click({ timeout: 2000 }).catch(() => undefined)
    await dash.waitForTimeout(600)
    await atButton(dash, dash.locator('form button[type="submit"]'), 'account-url-taken')
    await dash.locator('input[name="slug"]').fill(uniqueSlug('ada'))
    await dash.waitForTimeout(700)
    await dash.locator('form button[type="submit"]').click()
    await expect(dash.getByRole('region', { name: /Notifications|Notificaciones/ }).getByRole('listitem')).toHaveCount(1)
    await atButton(dash, dash.locator('form button[type="submit"]'), 'account-url-toast')
    const newSlug = await dash.evaluate(() => (document.querySelector('input[name="slug"]') as HTMLInputElement).value)
    await dash.close()

    // The public page: a visitor, a signed-in visitor, the signed-out 404, the offline copy.
    // Signed out: its own context (the pages above share this one's storage, token included).
    const anon = await browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 800 },
      colorScheme: scheme,
      locale: lang === 'es' ? 'es-ES' : 'en-US',
    })
    const visitorPage = await anon.newPage()
    await visitorPage.addInitScript((l) => localStorage.setItem('locale', l), lang)
    await visitorPage.goto(`/${newSlug}`)
    await expect(visitorPage.getByRole('list', { name: /^(Books|Libros)$/ }).getByRole('listitem').first()).toBeVisible()
    await full(visitorPage, 'public-visitor')
    await controlledBySw(visitorPage)
    await visitorPage.reload()
    await expect(visitorPage.getByRole('list', { name: /^(Books|Libros)$/ }).getByRole('listitem').first()).toBeVisible()
    await anon.setOffline(true)
    await visitorPage.reload()
    await expect(visitorPage.getByRole('list', { name: /^(Books|Libros)$/ }).getByRole('listitem').first()).toBeVisible()
    await full(visitorPage, 'public-offline')
    await anon.setOffline(false)
    await visitorPage.goto(`/${newSlug}-nobody`)
    await expect(visitorPage.locator('h1')).toBeVisible()
    await full(visitorPage, 'not-found-signed-out')
    await anon.close()

    const reader = await readyUser(request, { name: 'Bob Visitor', lang })
    await request.patch('/api/user', { data: { ...prefs, onboarded: true }, headers: auth(reader.token) })
    const other = await browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 800 },
      colorScheme: scheme,
      locale: lang === 'es' ? 'es-ES' : 'en-US',
    })
    const signedIn = await other.newPage()
    await useToken(signedIn, reader.token)
    await signedIn.goto(`/${newSlug}`)
    await expect(signedIn.getByRole('list', { name: /^(Books|Libros)$/ }).getByRole('listitem').first()).toBeVisible()
    await full(signedIn, 'public-signed-in')
    await other.close()
    await context.close()
  })
}
