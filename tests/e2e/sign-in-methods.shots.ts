import { expect, test } from '@playwright/test'
import { PASSWORD, readyUser, useToken } from './auth-helpers'
import { auth } from './books-helpers'

// Screenshots of the passkey and social sign-in screens for a person to look at (not pixel
// assertions): SHOTS=<dir> writes PNGs of /signin (passkey and social buttons), /signin/social's
// failure and /account/2fa with a passkey listed, at 390 px and 1280 px, light and dark, en and es.
const dir = process.env.SHOTS
test.skip(!dir, 'set SHOTS=<dir> to take screenshots')

const combos = [390, 1280].flatMap((width) =>
  (['light', 'dark'] as const).flatMap((scheme) => (['en', 'es'] as const).map((lang) => ({ width, scheme, lang }))),
)

for (const { width, scheme, lang } of combos) {
  test(`sign-in methods ${width}px ${scheme} ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    await page.emulateMedia({ colorScheme: scheme })
    const shot = async (name: string) => {
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      )
      await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}-${lang}.png`, fullPage: true })
    }
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    })
    await page.addInitScript((l) => localStorage.setItem('locale', l), lang)
    await page.goto('/signin')
    await expect(page.locator('a[href^="/api/auth/social/"]')).toBeVisible()
    await shot('signin-methods')
    await page.goto('/signin/social?provider=acme&error=failed')
    await expect(page.locator('h1')).toBeVisible()
    await shot('signin-social-failed')

    const { token } = await readyUser(request, { name: 'Ada Reader', lang })
    await request.patch('/api/user', { data: { dark_mode: scheme === 'dark', locale: lang }, headers: auth(token) })
    await useToken(page, token)
    await page.goto('/account/2fa')
    await page.locator('input[name="name"]').fill('MacBook Air')
    // Locale-free: the add-passkey form is the one holding the passkey's name field (its accessible
    // name is translated, so an English name fails the Spanish runs).
    await page.locator('form:has(input[name="name"])').locator('input[name="password"]').fill(PASSWORD)
    await page.locator('input[name="name"]').press('Enter')
    await expect(page.getByText('MacBook Air')).toBeVisible()
    await shot('account-2fa-passkeys')
    await cdp.detach()
  })
}
