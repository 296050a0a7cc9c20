import { expect, test } from '@playwright/test'
import { mailedLink, PASSWORD, pathOf, signInWithPassword, signOutFromApp, uniqueEmail } from './auth-helpers'

// Nothing here is about the service worker: each test's fresh context would precache the whole
// build (decision 51).
test.use({ serviceWorkers: 'block' })

// The foundation journey: sign up → verify by mail → free plan → welcome → dashboard → sign
// out → password sign-in → magic link → forgot/reset password → sign in with the new password.
test('a new reader signs up, verifies, picks the free plan and signs in every way', async ({ page, request }) => {
  // The whole journey in one test: five password derivations (scrypt, ~0.5 s each alone, several
  // seconds when both cores are busy) and a dozen page loads need more than the default minute.
  test.setTimeout(150_000)
  const email = uniqueEmail('journey')
  const name = 'Grace Bookworm'

  // Sign up
  await page.goto('/signup')
  await expect(page).toHaveTitle('Create your account · TBR')
  await page.locator('input[name="name"]').fill(name)
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(PASSWORD)
  await page.locator('input[name="confirm_password"]').fill(PASSWORD)
  await expect(page.locator('form button[type="submit"]')).toHaveCount(1)
  await page.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/signup\/verify$/)
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()

  // An unverified user is kept on /signup/verify
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/signup\/verify$/)

  // Verify by the mailed link
  const verifyLink = await mailedLink(request, email, '/signup/verify')
  await page.goto(pathOf(verifyLink))
  await expect(page).toHaveURL(/\/signup\/plan$/)

  // Choose the free plan (no card); a paid plan asks for one (tests/e2e/billing-signup.spec.ts)
  await expect(page).toHaveTitle('Choose a plan · TBR')
  const free = page.locator('input[name="plan"][value="free"]')
  await expect(free).toBeChecked()
  await expect(page.locator('input[name="plan"][value="reader"]')).toBeEnabled()
  await expect(page.getByLabel('Card number')).toHaveCount(0)
  await page.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/welcome$/)
  await expect(page.getByRole('heading', { name: `Welcome to TBR, ${name}!` })).toBeVisible()

  // Welcome (the onboarding wizard: custom URL, first books) → Next → Finish → dashboard
  await page.getByRole('button', { name: 'Next page' }).click()
  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page).toHaveTitle('Dashboard · TBR')
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
  await expect(page.getByTestId('current-plan')).toHaveText('Free')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  )

  // Sign out, then sign in with the password: onboarded, so straight to the dashboard
  await signOutFromApp(page)
  await signInWithPassword(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)

  // Magic link
  await signOutFromApp(page)
  await page.getByRole('button', { name: 'Use a magic link instead' }).click()
  await page.locator('input[name="email"]').fill(email)
  await page.locator('button[type="submit"]').click()
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible()
  const magicLink = await mailedLink(request, email, '/magic')
  await page.goto(pathOf(magicLink))
  await expect(page).toHaveURL(/\/dashboard$/)

  // A used magic link is refused
  await signOutFromApp(page)
  await page.goto(pathOf(magicLink))
  await expect(page.getByRole('heading', { name: 'Magic Link Is Invalid' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to sign in' }).click()
  await expect(page).toHaveURL(/\/signin$/)

  // Forgot and reset the password
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/forgotpassword$/)
  await page.locator('input[name="email"]').fill(email)
  await page.locator('button[type="submit"]').click()
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible()
  const resetLink = await mailedLink(request, email, '/resetpassword')
  await page.goto(pathOf(resetLink))
  const newPassword = 'Turn-the-page2?'
  await page.locator('input[name="password"]').fill('short')
  await page.locator('input[name="password"]').blur()
  await expect(page.locator('input[name="password"]')).toHaveAttribute('aria-invalid', 'true')
  await page.locator('input[name="password"]').fill(newPassword)
  await page.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/dashboard$/)

  // The new password signs in; the old one no longer does
  await signOutFromApp(page)
  await signInWithPassword(page, email, PASSWORD)
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible()
  await signInWithPassword(page, email, newPassword)
  await expect(page).toHaveURL(/\/dashboard$/)
})
