import { expect, test, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { startOidcProvider, type TestOidcProvider } from '../fixtures/oidc/provider'
import { baseURL, OIDC_PORT } from '../playwright.config'
import { readyUser, uniqueEmail } from './auth-helpers'
import { auth } from './books-helpers'

// Social sign-in in real Chromium: the "Continue with Acme ID" button goes to a real OpenID
// Connect provider (oidc-provider, in this process, on OIDC_PORT: the server is configured for
// it in playwright.config.ts), through its own login and consent pages, and back to the app.

let provider: TestOidcProvider
test.beforeAll(async () => {
  provider = await startOidcProvider({ port: OIDC_PORT, redirectUris: [`${baseURL}/api/auth/social/acme/callback`] })
})
test.afterAll(() => provider.close())

/** At the provider: its own login page (any password), then its consent page. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByRole('link', { name: 'Continue with Acme ID' }).click()
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`))
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('anything')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
}

test('a new person signs up through the provider; an existing one is linked', async ({ page, request }) => {
  test.setTimeout(90_000)
  const email = uniqueEmail('social')
  await page.goto('/signin')
  await signInAtProvider(page, email)
  // A new account, verified by the provider, with no plan yet.
  await expect(page).toHaveURL(/\/signup\/plan$/)

  const existing = await readyUser(request, { name: 'Lin Linked' })
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
  await page.goto('/signin')
  await signInAtProvider(page, existing.email)
  await expect(page).toHaveURL(/\/(dashboard|welcome)$/)
  // Signed in as that person (the provider vouched for the address), not as a new one.
  await page.goto('/account/profile')
  await expect(page.locator('input[name="email"]')).toHaveValue(existing.email)
  await expect(page.locator('input[name="name"]')).toHaveValue('Lin Linked')
})

test('cancelling at the provider ends on the failure text', async ({ page }) => {
  await page.goto('/signin')
  await page.getByRole('link', { name: 'Continue with Acme ID' }).click()
  await page.getByRole('link', { name: '[ Cancel ]' }).click()
  await expect(page).toHaveURL(/\/signin\/social\?provider=acme&error=failed$/)
  await expect(page.getByText('Something Went Wrong, Please try signing in again.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible()
})

test('with two-factor authentication on, the code page follows the provider', async ({ page, request }) => {
  test.setTimeout(90_000)
  const { email, token } = await readyUser(request, { name: 'Tom Twostep' })
  const setup = await request.put('/api/user/2fa', { data: { '2fa_enabled': true }, headers: auth(token) })
  const secret: string = (await setup.json()).data.secret
  const code = (at: number) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at })
  // Turned on with this step's code; the sign-in then sends one of a later step (codes are single
  // use), within the server's ±1 step also if a 30 s boundary passes before it is checked.
  const step = () => Math.floor(Date.now() / 30_000)
  const enabledWith = step()
  expect((await request.post('/api/user/2fa/verify', { data: { code: code(enabledWith * 30_000) }, headers: auth(token) })).ok()).toBe(
    true,
  )
  await page.goto('/signin')
  await signInAtProvider(page, email)
  await expect(page).toHaveURL(/\/signin\/otp\?/)
  await page.getByRole('textbox').first().click()
  await page.keyboard.type(code(Math.max(step(), enabledWith + 1) * 30_000))
  await expect(page).toHaveURL(/\/(dashboard|welcome)$/)
})

test('offline, the passkey and social sign-ins are disabled', async ({ page, context }) => {
  await page.goto('/signin')
  const social = page.getByRole('link', { name: 'Continue with Acme ID' })
  await expect(social).toBeVisible()
  await context.setOffline(true)
  await expect(page.getByText('You are offline. Connect to the internet to continue.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeDisabled()
  await expect(social).toHaveAttribute('aria-disabled', 'true')
  // Followed anyway (a click the disabled look does not stop): nothing leaves for the provider.
  await social.click({ force: true })
  await expect(page).toHaveURL(/\/signin$/)
  await context.setOffline(false)
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled()
})
