import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { reloadOffline } from './books-helpers'
import { readyUser, useToken } from './auth-helpers'

// The installable PWA against the production build: the service worker takes control, the
// shell opens offline, and Chromium finds nothing to complain about in the manifest.

async function controlledBySw(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  // The first load is not controlled until clients.claim() runs; wait for it.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

test('the service worker takes control and precaches the shell', async ({ page }) => {
  await page.goto('/signin')
  await controlledBySw(page)
  const cached = await page.evaluate(async () => {
    const names = await caches.keys()
    const precache = names.find((n) => n.startsWith('workbox-precache'))
    if (!precache) return []
    const keys = await (await caches.open(precache)).keys()
    return keys.map((r) => new URL(r.url).pathname)
  })
  expect(cached).toContain('/index.html')
  expect(cached.some((p) => p.startsWith('/assets/') && p.endsWith('.js'))).toBe(true)
  expect(cached).toContain('/manifest.webmanifest')
})

test('offline, the app shell reloads and a never-visited route still opens in the app', async ({ page, context }) => {
  await page.goto('/signin')
  await controlledBySw(page)
  await context.setOffline(true)
  await reloadOffline(page)
  await expect(page.locator('input[name="email"]')).toBeVisible()
  await expect(page.getByText(/offline/i).first()).toBeVisible()
  await expect(page.locator('button[type="submit"]')).toBeDisabled()

  // A route this browser never opened: the shell answers, the router renders the app's page
  // (here a list that cannot be shown offline, with the way out a signed-out visitor has), not
  // Chromium's "No internet" error page.
  await page.goto('/never-visited-before')
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expect(page.locator('#root')).not.toBeEmpty()
  await context.setOffline(false)
})

test('a signed-in reader reopens the app offline and sees their dashboard', async ({ page, context, request }) => {
  const { token } = await readyUser(request, { name: 'Offline Olga' })
  await useToken(page, token)
  await page.goto('/dashboard')
  await expect(page.getByText('Offline Olga').first()).toBeVisible()
  await controlledBySw(page)
  await context.setOffline(true)
  await reloadOffline(page)
  await expect(page.getByText('Offline Olga').first()).toBeVisible()
  await context.setOffline(false)
})

test('private API answers are never cached; sign-out leaves no private cache', async ({ page, request }) => {
  const { token } = await readyUser(request)
  await useToken(page, token)
  await page.goto('/dashboard')
  await controlledBySw(page)
  const res = await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } })
  expect(res.headers()['cache-control']).toBe('no-store')
  const cachedApi = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname)
    }
    return urls.filter((u) => u.startsWith('/api/') && !u.startsWith('/api/public/'))
  })
  expect(cachedApi).toEqual([])
})

test('the manifest has what an installable app needs', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest')
  expect(res.status()).toBe(200)
  const m = await res.json()
  expect(m).toMatchObject({
    id: '/',
    name: expect.stringContaining('TBR'),
    short_name: 'TBR',
    scope: '/',
    display: 'standalone',
    theme_color: expect.stringMatching(/^#/),
    background_color: expect.stringMatching(/^#/),
  })
  expect(m.start_url).toMatch(/^\//)
  expect(m.description.length).toBeGreaterThan(10)
  const sizes = m.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}:${i.purpose ?? 'any'}`)
  expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']))
  for (const icon of m.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200)
  expect(m.shortcuts.map((s: { url: string }) => new URL(s.url, 'http://x').pathname)).toEqual(['/books/new', '/books'])
  expect(m.share_target).toMatchObject({ action: '/books/new', method: 'GET' })
  expect((await request.get('/apple-touch-icon.png')).status()).toBe(200)
})

test('the title bar is indigo in light mode and slate in dark, for the system and for the chosen mode', async ({ page, request }) => {
  const colours = () => page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((m) => `${m.getAttribute('media') ?? ''}=${m.getAttribute('content')}`))
  await page.emulateMedia({ colorScheme: 'light' })
  const shell = await (await request.get('/signin')).text()
  expect(shell).toContain('<meta name="theme-color" content="#4338ca" media="(prefers-color-scheme: light)"')
  expect(shell).toContain('<meta name="theme-color" content="#020617" media="(prefers-color-scheme: dark)"')
  // A reader who picked dark mode on a light system gets the dark bar too.
  const { token } = await readyUser(request)
  await request.patch('/api/user', { data: { dark_mode: true }, headers: { authorization: `Bearer ${token}` } })
  await useToken(page, token)
  await page.goto('/dashboard')
  // `dark` itself, not the first paint's `system-dark` (which a light system ignores).
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/)
  await expect.poll(colours).toEqual(['(prefers-color-scheme: light)=#020617', '(prefers-color-scheme: dark)=#020617'])
  // The next load is dark from its first byte: the server knows the mode from the device's cookies.
  const html = await (await page.request.get('/dashboard')).text()
  expect(html).toMatch(/<html[^>]*class="dark"/)
  expect(html).toContain('<meta name="theme-color" content="#020617" media="(prefers-color-scheme: light)"')
})

/** The pixel size of a PNG, as sharp reads it (anything but a PNG fails). */
async function pngSize(png: Buffer) {
  const { format, width, height } = await sharp(png).metadata()
  expect(format, 'a PNG').toBe('png')
  return `${width}x${height}`
}

test('the manifest lists a narrow and a wide screenshot, PNGs of the size it states', async ({ request }) => {
  const m = await (await request.get('/manifest.webmanifest')).json()
  const shots = m.screenshots as { src: string; sizes: string; type: string; form_factor: string; label: string }[]
  expect(shots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide'])
  for (const shot of shots) {
    expect(shot.type, shot.src).toBe('image/png')
    expect(shot.label.length, `${shot.src} label`).toBeGreaterThan(10)
    const res = await request.get(shot.src)
    expect(res.status(), shot.src).toBe(200)
    expect(res.headers()['content-type'], shot.src).toMatch(/^image\/png/)
    const png = await res.body()
    expect(await pngSize(png), `${shot.src}: real size vs sizes`).toBe(shot.sizes)
    // Chromium's rich install dialog: sides 320–3840 px, the long side at most 2.3× the short
    // one; narrow is portrait and wide landscape. Small files: they download with the dialog.
    const [width, height] = shot.sizes.split('x').map(Number) as [number, number]
    expect(Math.min(width, height)).toBeGreaterThanOrEqual(320)
    expect(Math.max(width, height)).toBeLessThanOrEqual(3840)
    expect(Math.max(width, height) / Math.min(width, height)).toBeLessThanOrEqual(2.3)
    expect(shot.form_factor === 'narrow' ? height > width : width > height, `${shot.src} orientation`).toBe(true)
    expect(png.length, `${shot.src} bytes`).toBeLessThan(150 * 1024)
  }
})

test('Chromium reports no installability errors', async ({ page }) => {
  await page.goto('/signin')
  await controlledBySw(page)
  const cdp = await page.context().newCDPSession(page)
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[]
  }
  // A non-persistent test context is always "in-incognito" (toolchain.md #6); nothing else may show.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([])
  const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string }
  expect(manifest.url).toMatch(/manifest\.webmanifest$/)
  expect(manifest.errors).toEqual([])
})
