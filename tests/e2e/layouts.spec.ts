import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './a11y'
import { readyUser, useToken } from './auth-helpers'

// Nothing here is about the service worker: each test's fresh context would precache the whole
// build (decision 51).
test.use({ serviceWorkers: 'block' })

// The shell layouts, the user menu and their timings; axe finds no serious or critical issue in the
// account and app layouts at phone and desktop widths, light and dark.
const SHOTS = process.env.E2E_SCREENSHOTS // a folder: save screenshots there to look at them

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

const api = (token: string) => ({ authorization: `Bearer ${token}` })

for (const width of [390, 1280]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`account and app layouts at ${width} px in ${scheme} mode`, async ({ page, request }) => {
      test.setTimeout(120_000) // five screens, each scanned by axe in two of the four runs
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
      const { token } = await readyUser(request, { name: 'Ada Reader' })
      await request.patch('/api/user', { data: { dark_mode: scheme === 'dark', onboarded: true }, headers: api(token) })
      await useToken(page, token)
      const wide = width >= 1024
      // axe runs at one width per mode (phone light, desktop dark): each width's layout and each
      // mode's colours are scanned, without scanning the same screens four times.
      const scan = wide === (scheme === 'dark')
      for (const path of ['/account', '/account/profile', '/help', '/dashboard']) {
        await page.goto(path)
        await expect(page.locator('main h1')).toBeVisible()
        await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
        // The rail shows on wide screens only; the top bar's menu button on phones.
        await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(wide ? 1 : 0)
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible({ visible: !wide })
        if (path.startsWith('/account')) {
          const nav = page.getByRole('navigation', { name: 'Account settings' })
          if (wide) await expect(nav.getByRole('link', { name: path === '/account' ? 'Overview' : 'Profile' })).toHaveAttribute('aria-current', 'page')
          else await expect(nav.getByRole('combobox')).toContainText(path === '/account' ? 'Overview' : 'Profile')
          // Breadcrumbs name the page trail (a trail of one is not shown).
          if (path === '/account/profile') await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account')
        }
        if (scan) await expectAccessible(page, `${path} ${width} ${scheme}`, { seriousOnly: true })
        await shot(page, `${path.replaceAll('/', '_')}-${width}-${scheme}`)
      }
      // The user menu open, in the shot too.
      await page.goto('/account/profile')
      await page.getByRole('button', { name: 'User menu' }).filter({ visible: true }).click()
      await expect(page.getByRole('menu')).toBeVisible()
      if (scan) await expectAccessible(page, `user menu ${width} ${scheme}`, { seriousOnly: true })
      await shot(page, `user-menu-${width}-${scheme}`)
    })
  }
}

test('rail: active link highlighted; tooltips after 700 ms; account nav entries follow the role', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const { token } = await readyUser(request)
  await useToken(page, token)
  await page.goto('/account')
  const rail = page.getByRole('navigation', { name: 'Main' })
  await expect(rail.getByRole('link', { name: 'Account' })).toHaveAttribute('data-status', 'active')
  // Not before 700 ms; a loaded machine can only make it later, never sooner.
  const hoveredAt = Date.now()
  const help = rail.getByRole('link', { name: 'Help' })
  await help.hover()
  const tip = page.getByRole('tooltip', { name: 'Help' })
  await expect(tip).toBeVisible()
  expect(Date.now() - hoveredAt).toBeGreaterThanOrEqual(700)
  // Beside its link, to the right, and the link is described by it.
  const [link, box] = [(await help.boundingBox())!, (await tip.boundingBox())!]
  expect(box.x).toBeGreaterThanOrEqual(link.x + link.width)
  expect(box.y + box.height / 2).toBeCloseTo(link.y + link.height / 2, -1)
  await expect(help).toHaveAccessibleDescription('Help')
  await page.keyboard.press('Escape')
  await expect(tip).toBeHidden()
  const nav = page.getByRole('navigation', { name: 'Account settings' })
  for (const name of ['Overview', 'Profile', 'Custom URL', 'Password']) await expect(nav.getByRole('link', { name })).toBeVisible()
  // Every entry of the account menu and every hub card opens a working screen, never the
  // not-found page (entries of screens not in this build are not offered).
  const targets = new Set<string>()
  for (const link of await nav.getByRole('link').all()) targets.add((await link.getAttribute('href'))!)
  for (const link of await page.getByRole('main').getByRole('list', { name: 'Account settings' }).getByRole('link').all()) targets.add((await link.getAttribute('href'))!)
  expect(targets.size).toBeGreaterThanOrEqual(4)
  for (const href of targets) {
    await page.goto(href)
    await expect(page.locator('main h1')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0)
  }
})

test('phone: the secondary navigation is a dropdown that navigates; the menu slides out from the left', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const { token } = await readyUser(request)
  await useToken(page, token)
  await page.goto('/account')
  await page.getByRole('navigation', { name: 'Account settings' }).getByRole('combobox').click()
  await page.getByRole('option', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/account\/profile$/)
  await page.getByRole('button', { name: 'Open menu' }).click()
  const drawer = page.getByRole('dialog')
  // It slides in from the left: wait for the animation to settle before measuring.
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0)
  expect((await drawer.boundingBox())!.width).toBeLessThanOrEqual(240)
  await expect(drawer.getByRole('link', { name: 'Account' })).toHaveAttribute('data-status', 'active')
  // The open menu's backdrop covers the page, the sticky bar and the feedback button (in the
  // bar on phones) alike. (A CSS selector: the open dialog hides the rest of the page from the
  // accessibility tree.)
  const box = (await page.locator('button[aria-label="Send feedback"]').filter({ visible: true }).boundingBox())!
  const topmost = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label') ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  )
  expect(topmost).not.toBe('Send feedback')
})

test('user menu: language to Spanish (saved), dark mode, sign out', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const { token } = await readyUser(request, { name: 'Zoe' })
  await useToken(page, token)
  await page.goto('/account/profile')
  const openMenu = () => page.getByRole('button', { name: /User menu|Menú de usuario/ }).filter({ visible: true }).click()
  await openMenu()
  const menu = page.getByRole('menu').first()
  await expect(menu).toContainText('Zoe')
  // No Switch Account list with one account.
  await expect(page.getByText('Switch Account')).toHaveCount(0)
  await page.getByRole('menuitem', { name: 'Language' }).hover()
  await page.getByRole('menuitemradio', { name: 'Español' }).click()
  await expect(page.locator('main h1')).toHaveText('Perfil')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect
    .poll(async () => ((await (await request.get('/api/user', { headers: api(token) })).json()) as { data: { locale: string } }).data.locale)
    .toBe('es')
  await shot(page, 'profile-1280-light-es')
  await openMenu()
  await page.getByRole('menuitem', { name: 'Idioma' }).hover()
  // The check is on the current language.
  await expect(page.getByRole('menuitemradio', { name: 'Español' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'false')
  await page.getByRole('menuitem', { name: 'Modo oscuro' }).hover()
  await page.getByRole('menuitem', { name: 'Modo oscuro' }).click()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await shot(page, 'profile-1280-dark-es')
  await openMenu()
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click()
  await expect(page).toHaveURL(/\/signin$/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
})

test('user menu: switch account with more than one account', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const { email, token } = await readyUser(request, { name: 'Two Hats' })
  // A second account for the same person (sign-up with the same password).
  const second = await request.post('/api/account', { data: { name: 'Book Club', email, password: 'Shelf-life1!' } })
  expect(second.status()).toBe(200)
  await useToken(page, token)
  await page.goto('/account/profile')
  await page.getByRole('button', { name: 'User menu' }).filter({ visible: true }).click()
  await expect(page.getByText('Switch Account')).toBeVisible()
  await page.getByRole('menuitemradio', { name: 'Book Club' }).click()
  // The new account has no plan yet: the post-sign-in rules send the user to choose one.
  await expect(page).toHaveURL(/\/signup\/plan$/)
})
