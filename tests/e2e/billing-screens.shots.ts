import { expect, test } from '@playwright/test'
import { useToken } from './auth-helpers'
import { api, CARDS, fillCard, payingOwner } from './billing-helpers'

// Screenshots of the billing screens for a person to look at (not assertions of pixels):
// SHOTS=<dir> writes PNGs at 390 px and 1280 px, light and dark, en and es.
const dir = process.env.SHOTS
test.skip(!dir, 'set SHOTS=<dir> to take screenshots')

const combos = [390, 1280].flatMap((width) =>
  (['light', 'dark'] as const).flatMap((scheme) => (['en', 'es'] as const).map((lang) => ({ width, scheme, lang }))),
)

for (const { width, scheme, lang } of combos) {
  test(`billing screens ${width}px ${scheme} ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    await page.emulateMedia({ colorScheme: scheme })
    const shot = async (name: string) => {
      await page.waitForFunction(() =>
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      )
      await page.screenshot({ path: `${dir}/billing-${name}-${width}-${scheme}-${lang}.png`, fullPage: true })
    }
    const { token } = await payingOwner(request, 'reader', { lang })
    await request.patch('/api/user', { data: { dark_mode: scheme === 'dark', locale: lang }, headers: api(token) })
    await useToken(page, token)

    await page.goto('/plans')
    await expect(page.getByTestId('current-plan-marker')).toBeVisible()
    await shot('plans')

    await page.goto('/account/upgrade?plan=club')
    const upgrade = page.locator('form').first()
    await expect(upgrade.locator('input[name="plan"][value="club"]')).toBeChecked()
    await fillCard(upgrade, CARDS.authenticate)
    await shot('upgrade')
    await upgrade.locator('button[type="submit"]').click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    await shot('bank-dialog')
    await page.getByRole('alertdialog').getByRole('button').first().click()
    await expect(upgrade.locator('[data-field="token"]')).toBeVisible()
    await shot('upgrade-failed')

    await request.post('/api/dev/clock', { data: { days: 31 }, headers: api(token) })
    await page.goto('/account/billing')
    await expect(page.getByTestId('billing-plan')).toBeVisible()
    await shot('plan-tab')
    for (const tab of ['card', 'invoices']) {
      await page.goto(`/account/billing?tab=${tab}`)
      await expect(page.getByRole('tabpanel')).toBeVisible()
      await page.waitForLoadState('networkidle')
      await shot(`${tab}-tab`)
    }

    await request.post('/api/dev/card', { data: { behaviour: 'decline' }, headers: api(token) })
    await request.post('/api/dev/clock', { data: { days: 31 }, headers: api(token) })
    await page.goto('/account/billing')
    await expect(page.getByTestId('billing-banner')).toBeVisible()
    await shot('banner')
  })
}
