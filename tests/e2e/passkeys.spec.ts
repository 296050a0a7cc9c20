import { expect, test, type CDPSession, type Page } from '@playwright/test'
import { PASSWORD, readyUser, signOutFromApp, useToken } from './auth-helpers'

// Nothing here is about the service worker: each test's fresh context would precache the whole
// build (decision 51).
test.use({ serviceWorkers: 'block' })

// Passkeys in real Chromium: a CDP virtual authenticator (a platform authenticator with
// user verification, holding discoverable credentials) goes through the real WebAuthn ceremonies
// with the app: register a passkey on /account/2fa, rename it, sign out, sign in with it on
// /signin; removed, it no longer signs in.

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, id: authenticatorId }
}

test('register a passkey, sign in with it, remove it', async ({ page, request }) => {
  test.setTimeout(120_000)
  const { token } = await readyUser(request, { name: 'Pia Passkey' })
  const { cdp, id } = await virtualAuthenticator(page)
  try {
    await useToken(page, token)
    await page.goto('/account/2fa')
    await expect(page.getByText('No passkeys yet.')).toBeVisible()
    const add = page.getByRole('form', { name: 'Add a passkey' })
    await add.locator('input[name="name"]').fill('Test laptop')
    // A passkey signs in alone: adding one asks for the password first.
    await add.getByRole('button', { name: 'Add a passkey' }).click()
    await expect(add.getByText('Please enter your current password')).toBeVisible()
    await add.getByLabel('Your password').fill('not the password')
    await add.getByRole('button', { name: 'Add a passkey' }).click()
    await expect(add.getByText('Your current password is not correct')).toBeVisible()
    await add.getByLabel('Your password').fill(PASSWORD)
    await add.getByRole('button', { name: 'Add a passkey' }).click()
    const list = page.getByRole('list', { name: 'Your passkeys' })
    await expect(list.getByText('Test laptop')).toBeVisible()
    await expect(list).toContainText('Never used')
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId: id })
    expect(credentials).toHaveLength(1)
    expect(credentials[0]!.isResidentCredential).toBe(true)

    await list.getByRole('button', { name: 'Rename Test laptop' }).click()
    const rename = page.getByRole('form', { name: 'Rename passkey Test laptop' })
    await rename.locator('input[name="name"]').fill('Work laptop')
    await rename.getByRole('button', { name: 'Save' }).click()
    await expect(list.getByText('Work laptop')).toBeVisible()

    // Conditional UI: on /signin the email field (autocomplete "username webauthn") asks the
    // browser to offer this site's passkeys among its suggestions. Signed out with no touch
    // simulated, the request waits; reloaded with the virtual authenticator answering for the
    // person, it picks the only passkey: signed in without a click, and with no code page.
    await page.goto('/dashboard')
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId: id, enabled: false })
    await signOutFromApp(page)
    await expect(page.locator('input[name="email"]')).toHaveAttribute('autocomplete', 'username webauthn')
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId: id, enabled: true })
    await page.reload()
    await expect(page).toHaveURL(/\/(dashboard|welcome)$/)

    // The button, in a browser that offers no conditional UI (so nothing else can sign in).
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false
    })
    await page.goto('/dashboard')
    await signOutFromApp(page)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expect(page).toHaveURL(/\/(dashboard|welcome)$/)

    await page.goto('/account/2fa')
    await expect(list).toContainText('Last used')
    await list.getByRole('button', { name: 'Remove Work laptop' }).click()
    await page.getByRole('button', { name: 'Remove Work laptop' }).click()
    await expect(page.getByText('No passkeys yet.')).toBeVisible()

    // The authenticator still holds it, but the server no longer knows it.
    await page.goto('/dashboard')
    await signOutFromApp(page)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expect(page.getByText('That passkey could not sign you in. Try again, or sign in another way.')).toBeVisible()
    await expect(page).toHaveURL(/\/signin$/)
  } finally {
    await cdp.detach()
  }
})
