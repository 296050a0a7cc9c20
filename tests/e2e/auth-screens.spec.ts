import { expect, test } from '@playwright/test'
import { mailedLink, notifications, PASSWORD, pathOf, readyUser, signInWithPassword, submitSignUp, uniqueEmail, useToken } from './auth-helpers'

test('a wrong password shows the server message at the form, once however often it is tried, and stays on sign-in', async ({ page, request }) => {
  const { email } = await readyUser(request)
  await signInWithPassword(page, email, 'Wrong-password1!')
  const form = page.getByRole('form', { name: 'Sign in with your password' })
  await expect(form.getByRole('alert')).toHaveText('Invalid email or password')
  const again = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth' && r.request().method() === 'POST')
  await page.locator('button[type="submit"]').click()
  expect((await again).status()).toBe(401)
  await expect(form.getByRole('alert')).toHaveText('Invalid email or password')
  // At the form, not in a toast per attempt stacking over it.
  await expect(notifications(page).getByText('Invalid email or password')).toHaveCount(0)
  await expect(page).toHaveURL(/\/signin$/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
})

test('the error query text is shown as an error toast', async ({ page }) => {
  await page.goto('/signin?error=Your%20session%20expired')
  const toast = notifications(page).getByRole('alert')
  await expect(toast).toHaveText(/Your session expired/)
  await expect(toast).toHaveAttribute('data-variant', 'error')
  // F8 moves focus to the notifications
  await page.keyboard.press('F8')
  await expect(notifications(page).locator('ol')).toBeFocused()
})

test('forms validate on blur and block an invalid submit', async ({ page }) => {
  await page.goto('/signup')
  const email = page.locator('input[name="email"]')
  await email.fill('not-an-email')
  await email.blur()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await page.locator('button[type="submit"]').click()
  await expect(page.getByText('Please enter your name')).toBeVisible()
  await expect(page.getByText('Please enter a password')).toBeVisible()
  await expect(page).toHaveURL(/\/signup$/)
  // After a failed submit, fields re-validate as the user types.
  await page.locator('input[name="password"]').fill('short')
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
  await page.locator('input[name="password"]').fill('longenough')
  await expect(page.getByText('Password must contain at least one special character')).toBeVisible()
})

test('a shown error clears as the field is corrected, and one click on Create account then signs up', async ({ page }) => {
  await page.goto('/signup')
  const email = page.locator('input[name="email"]')
  await email.fill('tess@')
  await email.blur()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  // Corrected while the field still has focus: the error goes without a blur.
  await email.fill(uniqueEmail('tess'))
  await expect(email).toBeFocused()
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0)
  await expect(email).not.toHaveAttribute('aria-invalid', 'true')

  await page.locator('input[name="name"]').fill('Tess Reader')
  await page.locator('input[name="password"]').fill(PASSWORD)
  const confirm = page.locator('input[name="confirm_password"]')
  await confirm.fill(`${PASSWORD}x`)
  const create = page.getByRole('button', { name: 'Create account' })
  await create.click()
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await confirm.fill(PASSWORD)
  await expect(page.getByText('Passwords do not match')).toHaveCount(0)
  // One click, straight after correcting: nothing moves under the pointer, the account is made.
  await create.click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
})

test('signing up with an existing email and another password is refused', async ({ page, request }) => {
  const { email } = await readyUser(request)
  await page.goto('/signup')
  await page.locator('input[name="name"]').fill('Someone Else')
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill('Another-pass1!')
  await page.locator('input[name="confirm_password"]').fill('Another-pass1!')
  await page.locator('button[type="submit"]').click()
  // An existing email with another password is refused exactly like a failed sign-in (401, the
  // same message, nothing created: it must not tell which addresses have an account); the form
  // offers the ways on.
  const alert = page.getByRole('form', { name: 'Create your account' }).getByRole('alert')
  await expect(alert).toContainText('Invalid email or password')
  await expect(alert.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin')
  await expect(page).toHaveURL(/\/signup$/)
  await alert.getByRole('link', { name: 'Reset your password' }).click()
  await expect(page).toHaveURL(/\/forgotpassword$/)
})

test('in Spanish: sign-up, verification and the dashboard', async ({ page, request }) => {
  await page.goto('/signin')
  await page.getByRole('button', { name: 'Español' }).click()
  await expect(page.getByRole('heading', { name: 'Inicia sesión en TBR' })).toBeVisible()
  await expect(page).toHaveTitle('Iniciar sesión · TBR')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await page.getByRole('link', { name: 'Crea una cuenta' }).click()
  await expect(page).toHaveTitle('Crea tu cuenta · TBR')
  const email = uniqueEmail('es')
  await submitSignUp(page, 'Lola Lectora', email)
  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible()
  // The server answered in Spanish too (Accept-Language), and mailed in Spanish.
  await expect(notifications(page).getByText('Tu cuenta se ha creado')).toBeVisible()
  const link = await mailedLink(request, email, '/signup/verify')
  await page.goto(pathOf(link))
  await expect(page.getByRole('heading', { name: 'Elige un plan' })).toBeVisible()
  // Free is chosen by default; paid plans ask for a card (billing-signup.spec.ts).
  await expect(page.locator('input[name="plan"][value="free"]')).toBeChecked()
  await page.locator('button[type="submit"]').click()
  await expect(page.getByRole('heading', { name: '¡Te damos la bienvenida a TBR, Lola Lectora!' })).toBeVisible()
  await expect(page).toHaveTitle('Bienvenida · TBR')
  await page.getByRole('button', { name: 'Página siguiente' }).click()
  await page.getByRole('button', { name: 'Terminar' }).click()
  await expect(page).toHaveTitle('Panel · TBR')
  await expect(page.getByText(/Sesión iniciada como/)).toBeVisible()
  // The saved locale wins over the browser's language on the next visit.
  await page.evaluate(() => localStorage.removeItem('locale'))
  await page.reload()
  await expect(page.getByText(/Sesión iniciada como/)).toBeVisible()
})

test('a Spanish browser with a dark screen signs up: the account keeps the language and the mode it was shown', async ({
  browser,
  request,
}) => {
  // No language chosen on this device: the page follows the browser's (es-ES) and the system's
  // dark scheme; the server answers, mails and saves the same, and nothing flips after sign-up.
  const context = await browser.newContext({ locale: 'es-ES', colorScheme: 'dark' })
  const page = await context.newPage()
  await page.goto('/signup')
  await expect(page.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  const email = uniqueEmail('es-dark')
  await submitSignUp(page, 'Dora Oscura', email)
  await expect(notifications(page).getByText('Tu cuenta se ha creado')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const me = await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } })
  expect(((await me.json()) as { data: { locale: string; dark_mode: boolean } }).data).toMatchObject({
    locale: 'es',
    dark_mode: true,
  })
  const link = await mailedLink(request, email, '/signup/verify')
  await page.goto(pathOf(link))
  await expect(page.getByRole('heading', { name: 'Elige un plan' })).toBeVisible()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await context.close()
})

test('dark mode follows the system when signed out and the saved choice when signed in', async ({ page, request }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/signin')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)

  const { token } = await readyUser(request)
  await useToken(page, token)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  // The display mode and the language are in the user menu.
  const userMenu = () => page.getByRole('button', { name: /User menu|Menú de usuario/ }).filter({ visible: true }).click()
  await userMenu()
  await page.getByRole('menuitem', { name: 'Dark mode' }).click()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(page.locator('#root')).toHaveClass(/\bdark\b/)
  // Saved on the server: a fresh load with the system in light mode stays dark.
  await expect
    .poll(async () => {
      const res = await request.get('/api/user', { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` } })
      return ((await res.json()) as { data: { dark_mode: boolean } }).data.dark_mode
    })
    .toBe(true)
  await page.reload()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await userMenu()
  await page.getByRole('menuitem', { name: 'Light mode' }).click()
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)

  // The language switch in the app saves the user's locale too.
  await userMenu()
  await page.getByRole('menuitem', { name: 'Language' }).hover()
  await page.getByRole('menuitemradio', { name: 'Español' }).click()
  await expect(page).toHaveTitle('Panel · TBR')
  await expect
    .poll(async () => {
      const res = await request.get('/api/user', { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` } })
      return ((await res.json()) as { data: { locale: string } }).data.locale
    })
    .toBe('es')
})

test('offline, sign-in says so and cannot be submitted', async ({ page, context }) => {
  await page.goto('/signin')
  await expect(page.locator('button[type="submit"]')).toBeEnabled()
  await context.setOffline(true)
  await expect(page.getByText('You are offline. Connect to the internet to continue.')).toBeVisible()
  await expect(page.locator('button[type="submit"]')).toBeDisabled()
  await context.setOffline(false)
  await expect(page.locator('button[type="submit"]')).toBeEnabled()
})

test('route guards and not-found pages', async ({ page, request }) => {
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/signin$/)
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page).toHaveTitle('Page not found · TBR')
  // Signed out there is no dashboard to go to: the page offers sign-in.
  for (const path of ['/404', '/notfound']) {
    await page.goto(path)
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin')
    await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toHaveCount(0)
  }
  // A verified user on /signup/verify goes to the dashboard.
  const { token } = await readyUser(request)
  await useToken(page, token)
  await page.goto('/signup/verify')
  await expect(page).toHaveURL(/\/dashboard$/)
  // A revoked session is signed out on the next call.
  await request.delete('/api/auth', { headers: { authorization: `Bearer ${token}` } })
  await page.reload()
  await expect(page).toHaveURL(/\/signin$/)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the auth panel is hidden and the app menu replaces the rail', async ({ page, request }) => {
    await page.goto('/signin')
    await expect(page.getByRole('complementary', { name: 'About TBR' })).toBeHidden()
    await expect(page.locator('input[name="email"]')).toBeVisible()
    const { email } = await readyUser(request)
    await signInWithPassword(page, email, PASSWORD)
    await expect(page).toHaveURL(/\/(welcome|dashboard)$/)
    await page.goto('/dashboard')
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog')
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
    await menu.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/signin$/)
  })
})
