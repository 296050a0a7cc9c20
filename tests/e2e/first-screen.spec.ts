import { expect, test } from '@playwright/test'
import { expectAccessible } from './a11y'
import { mailedLink, notifications, PASSWORD, pathOf, readyUser } from './auth-helpers'

// What a newcomer meets signed out: `/` says what TBR is and leads to sign-up, with sign-in one
// tap away (/ signs in); the auth layout's logo never leads to a 404.

const HERO = 'Every book you want to read, in one list'

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('/ explains TBR in one screen, sign-up first, and sign-in is one tap away', async ({ page, request }) => {
    await page.goto('/')
    await expect(page).toHaveTitle('Your to-read list · TBR')
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeInViewport()
    for (const point of ['Keep your to-read list', 'Works offline', 'Share it at your own link']) {
      await expect(page.getByText(point, { exact: true })).toBeInViewport()
    }
    const welcome = page.getByRole('region', { name: HERO })
    const create = welcome.getByRole('link', { name: 'Create your free list' })
    const signIn = welcome.getByRole('button', { name: 'Sign in' })
    // Both actions fit in the first screen, sign-up first.
    await expect(create).toBeInViewport({ ratio: 1 })
    await expect(signIn).toBeInViewport({ ratio: 1 })
    expect((await create.boundingBox())!.y).toBeLessThan((await signIn.boundingBox())!.y)
    await expectAccessible(page, '/ on a phone')

    // One tap: the sign-in form is in view with the cursor in its email field.
    const { email } = await readyUser(request)
    await signIn.tap()
    const emailField = page.locator('input[name="email"]')
    await expect(emailField).toBeFocused()
    await expect(emailField).toBeInViewport()
    await page.keyboard.type(email)
    await page.locator('input[name="password"]').fill(PASSWORD)
    await page.locator('#signin button[type="submit"]').tap()
    await expect(page).toHaveURL(/\/(welcome|dashboard)$/)
    // A signed-in visitor of / goes on to the app.
    await page.goto('/')
    await expect(page).toHaveURL(/\/(welcome|dashboard)$/)
  })

  test('in Spanish and dark mode, and the logo leads home, not to a 404', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.addInitScript(() => localStorage.setItem('locale', 'es'))
    await page.goto('/signup')
    // No MARKETING_URL is configured here: the logo links to `/` (it linked to /undefined).
    const logo = page.getByRole('banner').getByRole('link', { name: 'Inicio de TBR' })
    await expect(logo).toHaveAttribute('href', '/')
    await logo.tap()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Todos tus libros por leer, en una lista' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Crea tu lista gratis' })).toBeInViewport({ ratio: 1 })
    await expectAccessible(page, '/ in Spanish, dark')
    await page.getByRole('link', { name: 'Crea tu lista gratis' }).tap()
    await expect(page).toHaveURL(/\/signup$/)
    await expect(page.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible()
  })
})

test('on a wide screen the panel logo leads home and / shows the welcome beside the quote', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/signin')
  const logo = page.getByRole('complementary', { name: 'About TBR' }).getByRole('link', { name: 'TBR home' })
  await expect(logo).toHaveAttribute('href', '/')
  await logo.click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Create your free list' })).toBeInViewport({ ratio: 1 })
  // The sign-in form is on / too, under the welcome.
  await expect(page.getByRole('form', { name: 'Sign in with your password' })).toBeAttached()
  // An error query text is still shown as an error notification on /.
  await page.goto('/?error=Your%20session%20expired')
  await expect(notifications(page).getByRole('alert')).toHaveText(/Your session expired/)
})

test('after 10 failed sign-ins the form says when to try again and offers a magic link', async ({ page, request }) => {
  // Ten password checks one after another (each a deliberate key derivation) take a while here.
  test.setTimeout(180_000)
  const { email } = await readyUser(request)
  // The 11th attempt within 15 minutes is refused whatever the password.
  for (let i = 0; i < 10; i++) {
    const res = await request.post('/api/auth', { data: { email, password: `Wrong-guess${i}!` } })
    expect(res.status()).toBe(401)
  }
  await page.goto('/signin')
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(PASSWORD)
  await page.locator('button[type="submit"]').click()
  const alert = page.getByRole('form', { name: 'Sign in with your password' }).getByRole('alert')
  await expect(alert).toContainText('Sign-in is paused for this address')
  await expect(alert).toContainText(/try again in 1[45] minutes/)
  await expect(notifications(page).getByRole('alert')).toHaveCount(0)
  await alert.getByRole('button', { name: 'Email me a sign-in link' }).click()
  const magic = page.getByRole('form', { name: 'Sign in with a magic link' })
  await expect(magic.locator('input[name="email"]')).toHaveValue(email)
  await magic.locator('button[type="submit"]').click()
  await expect(magic.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible()
  const link = await mailedLink(request, email, '/magic')
  await page.goto(pathOf(link))
  await expect(page).toHaveURL(/\/(welcome|dashboard)$/)
})
