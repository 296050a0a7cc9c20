import { expect, test } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { readyUser, useToken } from './auth-helpers'
import { auth } from './books-helpers'

// Screenshots of the two-factor screens for a person to look at (not pixel assertions): SHOTS=<dir>
// writes PNGs of /signin/otp and the /account/2fa steps at 390 px and 1280 px, light and dark, en and es.
const dir = process.env.SHOTS
test.skip(!dir, 'set SHOTS=<dir> to take screenshots')

const combos = [390, 1280].flatMap((width) =>
  (['light', 'dark'] as const).flatMap((scheme) => (['en', 'es'] as const).map((lang) => ({ width, scheme, lang }))),
)

for (const { width, scheme, lang } of combos) {
  test(`two-factor screens ${width}px ${scheme} ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    await page.emulateMedia({ colorScheme: scheme })
    const shot = async (name: string) => {
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))
      await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}-${lang}.png`, fullPage: true })
    }
    const { token } = await readyUser(request, { name: 'Ada Reader', lang })
    await request.patch('/api/user', { data: { dark_mode: scheme === 'dark', locale: lang }, headers: auth(token) })
    await page.addInitScript((l) => localStorage.setItem('locale', l), lang)
    await page.goto('/signin/otp?token=x')
    await expect(page.locator('h1')).toBeVisible()
    await shot('signin-otp')

    await useToken(page, token)
    await page.goto('/account/2fa')
    await expect(page.locator('main h1')).toBeVisible()
    await shot('account-2fa-off')
    await page.locator('main form').first().locator('button[type="submit"]').click()
    await expect(page.getByTestId('totp-secret')).toBeVisible()
    await shot('account-2fa-setup')
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '')
    await page.locator('main form').first().getByRole('textbox').first().click()
    await page.keyboard.type(TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }))
    await expect(page.getByTestId('backup-code')).toBeVisible()
    await shot('account-2fa-backup')
    await page.getByTestId('backup-code').locator('xpath=../..').getByRole('button').last().click()
    await expect(page.locator('#backup-heading')).toBeVisible()
    await shot('account-2fa-on')
  })
}
