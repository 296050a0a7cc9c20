import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { PASSWORD, readyUser, useToken } from './auth-helpers'

// The signed-out screens /, /signin, /signup, /forgotpassword and /magic (decision 53)
// are answered with the whole screen, rendered on the server from the auth routes' components in
// the visitor's language, and hydrated by a light entry (no app bundle) that signs in as the app
// does and then loads the app.

const SCREENS: [path: string, en: string, es: string][] = [
  ['/', 'Every book you want to read, in one list', 'Todos tus libros por leer, en una lista'],
  ['/signin', 'Sign in to TBR', 'Inicia sesión en TBR'],
  ['/signup', 'Create your account', 'Crea tu cuenta'],
  ['/forgotpassword', 'Forgot your password?', '¿Olvidaste tu contraseña?'],
  ['/magic', 'Magic Link Is Invalid', 'El enlace mágico no es válido'],
]

/** Console errors and warnings (hydration mismatches are warnings) and page errors. */
function noiseOf(page: Page) {
  const noise: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') noise.push(m.text())
  })
  page.on('pageerror', (e) => noise.push(e.message))
  return noise
}

test('the HTML answer is the whole screen, in the visitor’s language, with the light entry only', async ({ request }) => {
  const res = await request.get('/signin', { headers: { 'accept-language': 'en' } })
  expect(res.status()).toBe(200)
  const html = await res.text()
  expect(html).toContain('<html lang="en"')
  expect(html).toContain('<title>Sign in · TBR</title>')
  expect(html).toMatch(/<h1[^>]*>Sign in to TBR<\/h1>/)
  expect(html).toMatch(/<input[^>]*name="email"/)
  expect(html).toMatch(/<input[^>]*name="password"/)
  expect(html).toContain('Forgot your password?')
  expect(html).toContain('Sign in with a passkey')
  // The providers list is in the page (the test server configures "Acme ID").
  expect(html).toContain('Continue with Acme ID')
  // Data, not a script the CSP would refuse; the app's entry is not loaded.
  expect(html).toMatch(/<script type="application\/json" id="tbr-auth-data">/)
  expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/auth-main-[^"]+\.js">/)
  expect(html).not.toMatch(/src="\/assets\/index-[^"]+\.js"/)
  const scriptSrc = res.headers()['content-security-policy']!.split(';').find((d) => d.trim().startsWith('script-src'))
  expect(scriptSrc).not.toContain('unsafe-inline')

  const byHeader = await (await request.get('/signin', { headers: { 'accept-language': 'es' } })).text()
  // The language cookie (the reader's choice on this device) wins over Accept-Language.
  const byCookie = await (
    await request.get('/signin', { headers: { 'accept-language': 'en', cookie: 'tbr_locale=es' } })
  ).text()
  for (const es of [byHeader, byCookie]) {
    expect(es).toContain('<html lang="es"')
    expect(es).toMatch(/<h1[^>]*>Inicia sesión en TBR<\/h1>/)
    expect(es).toMatch(/<input[^>]*name="email"/)
    expect(es).toMatch(/<input[^>]*name="password"/)
    expect(es).toContain('¿Olvidaste tu contraseña?')
  }

  for (const [path, en, es] of SCREENS) {
    const enHtml = await (await request.get(path, { headers: { 'accept-language': 'en' } })).text()
    expect(enHtml, path).toContain(`>${en}</h1>`)
    const esHtml = await (await request.get(path, { headers: { 'accept-language': 'es' } })).text()
    expect(esHtml, path).toContain(`>${es}</h1>`)
  }
})

/** The markup the server put in #root, as the browser parses it. */
async function servedMarkup(page: Page, request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text()
  const served = /<div id="root"[^>]*>([\s\S]*)<\/div>\s*<script type="application\/json" id="tbr-auth-data">/.exec(html)![1]!
  return page.evaluate((markup) => {
    const box = document.createElement('div')
    box.innerHTML = markup
    return box.innerHTML
  }, served)
}

// Ark's field links its helper text once mounted (an attribute, nothing moves).
const withoutDescribedBy = (html: string) => html.replace(/ aria-describedby="[^"]*"/g, '')

test('each screen hydrates onto the server’s markup, with no console errors or warnings', async ({ page, request }) => {
  const noise = noiseOf(page)
  for (const [path, en] of SCREENS) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: en })).toBeVisible()
    // Preact keeps the server's DOM when it matches: after hydration #root is what was served.
    const live = await page.evaluate(() => document.getElementById('root')!.innerHTML)
    expect(withoutDescribedBy(live), path).toBe(withoutDescribedBy(await servedMarkup(page, request, path)))
  }
  // Hydrated: the switch between the two sign-in forms answers.
  await page.goto('/signin')
  await page.getByRole('button', { name: 'Use a magic link instead' }).click()
  await expect(page.getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible()
  // Field validation, as in the app.
  await page.goto('/signup')
  await page.getByLabel('Email').fill('not an address')
  await page.getByLabel('Email').blur()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  expect(noise, 'console errors and warnings').toEqual([])
})

test('signing in on the rendered /signin lands in the app, signed in', async ({ page, request }) => {
  const { email } = await readyUser(request, { name: 'Ada Rendered Signin' })
  const noise = noiseOf(page)
  await page.goto('/signin')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/(welcome|dashboard)$/)
  // The app loaded the user itself (no user was stored by the light page) and shows the session.
  await expect(page.getByRole('button', { name: /Sign out|Open menu/ }).first()).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()
  // Opening / again goes on to the app, with no sign-in form on the way.
  await page.goto('/')
  await expect(page).toHaveURL(/\/(welcome|dashboard)$/)
  expect(noise.filter((n) => !/Failed to load resource/.test(n)), 'console errors').toEqual([])
})

test('?redirect= is where a sign-in on the rendered page leads', async ({ page, request }) => {
  const { email } = await readyUser(request, { name: 'Ada Redirected' })
  // A screen that stays put (/books/new?title= is the share target: it adds the book and moves on).
  await page.goto('/signin?redirect=%2Faccount%2Fprofile')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/account\/profile$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('a wrong password says so once, at the form', async ({ page, request }) => {
  const { email } = await readyUser(request, { name: 'Ada Mistyped' })
  await page.goto('/signin')
  await page.getByLabel('Email').fill(email)
  for (let i = 0; i < 2; i++) {
    await page.getByLabel('Password', { exact: true }).fill(`wrong-${i}-${PASSWORD}`)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByTestId('form-error')).toHaveText(/Invalid email or password/)
  }
  await expect(page.getByTestId('form-error')).toHaveCount(1)
  await expect(page.getByText('Invalid email or password')).toHaveCount(1)
  await expect(page).toHaveURL(/\/signin$/)
})

test('a signed-in reader opening / goes on to the app', async ({ page, request }) => {
  const { token } = await readyUser(request, { name: 'Ada Returns' })
  await useToken(page, token)
  await page.goto('/')
  await expect(page).toHaveURL(/\/(welcome|dashboard)$/)
})

test('without JavaScript the screens are all there; hydrated they look the same', async ({ browser }) => {
  test.setTimeout(120_000) // three screens at two widths, each loaded twice
  for (const width of [390, 1280]) {
    for (const path of ['/', '/signin', '/signup']) {
      const viewport = { width, height: width < 600 ? 844 : 800 }
      const still = await browser.newPage({ javaScriptEnabled: false, viewport })
      await still.goto(path)
      const form = (p: Page) => p.locator('form').first()
      await expect(form(still)).toBeVisible()
      const live = await browser.newPage({ viewport })
      await live.goto(path)
      await expect(form(live)).toBeVisible()
      // Hydration moved nothing: the form is where the server put it.
      expect(await form(live).boundingBox(), `${path} at ${width}px`).toEqual(await form(still).boundingBox())
      if (process.env.E2E_SCREENSHOTS) {
        const name = `${path === '/' ? 'home' : path.slice(1)}-${width}`
        await still.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}-nojs.png`, fullPage: true })
        await live.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}-hydrated.png`, fullPage: true })
      }
      await still.close()
      await live.close()
    }
  }
})
