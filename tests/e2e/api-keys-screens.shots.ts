import { expect, test } from '@playwright/test'
import { useToken } from './auth-helpers'
import { api, payingOwner } from './billing-helpers'

// Screenshots of the API key screens for a person to look at (not assertions of pixels):
// SHOTS=<dir> writes PNGs at 390 px and 1280 px, light and dark, en and es.
const dir = process.env.SHOTS
test.skip(!dir, 'set SHOTS=<dir> to take screenshots')

const combos = [390, 1280].flatMap((width) =>
  (['light', 'dark'] as const).flatMap((scheme) => (['en', 'es'] as const).map((lang) => ({ width, scheme, lang }))),
)

for (const { width, scheme, lang } of combos) {
  test(`api key screens ${width}px ${scheme} ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    await page.emulateMedia({ colorScheme: scheme })
    const shot = async (name: string) => {
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      )
      await page.screenshot({ path: `${dir}/apikeys-${name}-${width}-${scheme}-${lang}.png`, fullPage: true })
    }
    const { token } = await payingOwner(request, 'club', { lang })
    await request.patch('/api/user', { data: { dark_mode: scheme === 'dark', locale: lang }, headers: api(token) })
    await useToken(page, token)

    await page.goto('/account/apikeys')
    await expect(page.getByTestId('keys-blank-slate')).toBeVisible()
    await shot('blank')

    await page.goto('/account/apikeys/create')
    const form = page.locator('form')
    await form.locator('input[name="name"]').fill('Reading shortcut')
    await shot('create')
    await form.locator('button[type="submit"]').click()
    await expect(page.locator('input[name="full_key"]')).toBeVisible()
    await shot('created')

    await request.post('/api/key', { data: { name: 'Blog widget', scope: ['account.read'] }, headers: api(token) })
    await page.goto('/account/apikeys')
    await expect(page.getByRole('table')).toBeVisible()
    await shot('list')
    await page.getByRole('table').getByRole('button').last().click()
    await expect(page.getByRole('menu')).toBeVisible()
    await shot('menu')
  })
}
