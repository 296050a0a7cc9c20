import { expect, test, type Page } from '@playwright/test'
import { readyUser, useToken } from './auth-helpers'

// Screenshots of the signed-out first screen (`/`), the sign-up refusal for an address that has
// an account, and /help's questions, for a person to look at, not assertions of pixels:
// SHOTS=<dir> writes PNGs at 390 px and 1280 px, light and dark, en and es.
const dir = process.env.SHOTS
test.skip(!dir, 'set SHOTS=<dir> to take screenshots')

const combos = [390, 1280].flatMap((width) =>
  (['light', 'dark'] as const).flatMap((scheme) => (['en', 'es'] as const).map((lang) => ({ width, scheme, lang }))),
)
const settle = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))

for (const { width, scheme, lang } of combos) {
  test(`first screen ${width}px ${scheme} ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000)
    const suffix = `${width}-${scheme}-${lang}`
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    await page.emulateMedia({ colorScheme: scheme })
    await page.addInitScript((l) => localStorage.setItem('locale', l), lang)
    await page.goto('/')
    await expect(page.locator('h1').first()).toBeVisible()
    await settle(page)
    // The first screen as it opens (what a newcomer sees without scrolling), then the whole page.
    await page.screenshot({ path: `${dir}/home-${suffix}.png` })
    await page.screenshot({ path: `${dir}/home-${suffix}-full.png`, fullPage: true })

    // Sign-up with an address that has an account, another password.
    const { email } = await readyUser(request, { lang })
    await page.goto('/signup')
    await page.locator('input[name="name"]').fill('Ada')
    await page.locator('input[name="email"]').fill(email)
    await page.locator('input[name="password"]').fill('Another-pass1!')
    await page.locator('button[type="submit"]').click()
    await expect(page.getByTestId('form-error')).toBeVisible()
    await settle(page)
    await page.screenshot({ path: `${dir}/signup-exists-${suffix}.png`, fullPage: true })

    if (scheme === 'dark' || width > 600) return
    const { token } = await readyUser(request, { lang })
    await request.patch('/api/user', { data: { locale: lang }, headers: { authorization: `Bearer ${token}` } })
    await useToken(page, token)
    await page.goto('/help')
    await expect(page.locator('main h1')).toBeVisible()
    await page.locator('[data-scope="accordion"][data-part="item-trigger"]').first().click()
    await settle(page)
    await page.screenshot({ path: `${dir}/help-${suffix}.png`, fullPage: true })
  })
}
