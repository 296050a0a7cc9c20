import { expect, test, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { expectAccessible } from './a11y'
import { PASSWORD, readyUser, signInWithPassword, signOutFromApp, useToken } from './auth-helpers'

// Two-factor sign-in (decision 30): turn 2FA on by reading the secret the screen shows and
// making the code here, as an authenticator app would (SHA-1, 6 digits, 30 s); sign out; sign in
// with a code (the field completes on the sixth digit), then with the backup code.

const code = (secret: string, at = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at })

const step = (at = Date.now()) => Math.floor(at / 30_000)

/**
 * A code the server takes after the one of step `used`: a code is single use, so within the step
 * that was just used the phone's next code is sent (one step ahead is in the server's ±1 window).
 * Either choice stays in the window if a 30 s boundary passes before the server checks it.
 */
const nextCode = (secret: string, used: number) => code(secret, Math.max(step(), used + 1) * 30_000)

/** Types six digits into the 3 + 3 slots (focus moves on by itself). */
async function typeCode(page: Page, value: string) {
  await page.getByRole('textbox').first().click()
  await page.keyboard.type(value)
}

test('enable 2FA from the account hub, then sign in with a code and with the backup code', async ({ page, request }) => {
  test.setTimeout(120_000)
  const { email, token } = await readyUser(request, { name: 'Tess Totp' })
  await useToken(page, token)
  await page.goto('/account')
  await page.getByRole('link', { name: 'Enable two-factor authentication' }).click()
  await expect(page).toHaveURL(/\/account\/2fa$/)
  await expect(page.getByTestId('2fa-state')).toContainText('Off')

  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  const form = page.getByRole('form', { name: 'Confirm two-factor authentication' })
  await form.getByRole('textbox').first().click()
  const enabledWith = step()
  await page.keyboard.type(code(secret, enabledWith * 30_000))
  const backup = await page.getByTestId('backup-code').innerText()
  expect(backup).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/)
  await page.getByRole('button', { name: 'I have saved it' }).click()
  await expect(page.getByTestId('2fa-state')).toContainText('On')
  await page.goto('/account')
  await expect(page.getByRole('link', { name: 'Manage two-factor authentication' })).toBeVisible()

  await page.goto('/dashboard')
  await signOutFromApp(page)
  await signInWithPassword(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/signin\/otp\?/)
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
  // The sixth digit completes the sign-in: no button press.
  await typeCode(page, nextCode(secret, enabledWith))
  await expect(page).toHaveURL(/\/(dashboard|welcome)$/)

  await signOutFromApp(page)
  await signInWithPassword(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/signin\/otp\?/)
  await page.getByRole('button', { name: 'Use a backup code' }).click()
  await page.locator('input[name="code"]').fill(backup)
  await page.getByRole('button', { name: 'Verify' }).click()
  // Used up: the reader is taken to where a new one is made, and told why.
  await expect(page).toHaveURL(/\/account\/2fa$/)
  await expect(page.getByText('You used your backup code')).toBeVisible()
  const renew = page.getByRole('form', { name: 'Make a new backup code' })
  await page.getByRole('button', { name: 'Use your password instead' }).first().click()
  await renew.getByLabel('Your password').fill(PASSWORD)
  await renew.getByRole('button', { name: 'Make a new backup code' }).click()
  await expect(page.getByText('The previous backup code no longer works.')).toBeVisible()
  const second = await page.getByTestId('backup-code').innerText()
  expect(second).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/)
  expect(second).not.toBe(backup)
  await page.getByRole('button', { name: 'I have saved it' }).click()

  // Used once: the next sign-in cannot use it again; the new one works.
  await signOutFromApp(page)
  await signInWithPassword(page, email, PASSWORD)
  await page.getByRole('button', { name: 'Use a backup code' }).click()
  await page.locator('input[name="code"]').fill(backup)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('That code is not valid')).toBeVisible()
  await expect(page).toHaveURL(/\/signin\/otp\?/)
  await page.locator('input[name="code"]').fill(second)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/account\/2fa$/)
})

test('the code page says offline and blocks its submit; without a token it says the sign-in expired', async ({ page, context }) => {
  await page.goto('/signin/otp?token=abc')
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
  await context.setOffline(true)
  await expect(page.getByText(/offline/i)).toBeVisible()
  await expect(page.locator('button[type="submit"]')).toBeDisabled()
  await context.setOffline(false)
  await expect(page.locator('button[type="submit"]')).toBeEnabled()
  await page.goto('/signin/otp')
  await expect(page.getByText('This sign-in has expired. Please sign in again.')).toBeVisible()
})

test.describe('accessibility scans', () => {
  // The screens, not the service worker: no precache of the build per context (decision 51).
  test.use({ serviceWorkers: 'block' })
  for (const scheme of ['light', 'dark'] as const) {
    test(`the set-up steps are accessible in ${scheme} mode (QR, key, code field)`, async ({ page, request }) => {
      test.setTimeout(120_000)
      const { token } = await readyUser(request)
      await request.patch('/api/user', { data: { dark_mode: scheme === 'dark' }, headers: { authorization: `Bearer ${token}` } })
      await useToken(page, token)
      await page.goto('/account/2fa')
      await page.getByRole('button', { name: 'Set up two-factor authentication' }).click()
      await expect(page.getByTestId('totp-secret')).toBeVisible()
      await expectAccessible(page, `/account/2fa set-up (${scheme})`)
    })
  }
})
