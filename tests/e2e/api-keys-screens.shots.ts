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
    const shot = async (name: string, fullPage = true) => {
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      )
      await page.screenshot({ path: `${dir}/apikeys-${name}-${width}-${scheme}-${lang}.png`, fullPage })
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
    await page.keyboard.press('Escape')

    await page.getByRole('table').getByRole('button').last().click()
    await page.getByRole('menuitem').first().click()
    await expect(page.getByRole('dialog')).toContainText(/tbr_/)
    await shot('reveal', false)
    await page.keyboard.press('Escape')

    await page.getByRole('table').getByRole('button').last().click()
    await page.getByRole('menuitem').nth(1).click()
    await expect(page.locator('input[name="name"]')).not.toHaveValue('')
    await shot('edit')

    await page.goto('/account/apikeys/docs')
    await expect(page.locator('#post-api-books')).toBeVisible()
    await shot('docs-top', false)
    await page.evaluate(() => document.getElementById('post-api-books')?.scrollIntoView())
    await shot('docs-add-book', false)
    // The answer example and the curl call of "Create a key".
    await page.evaluate(() => document.querySelector('#post-api-key pre')?.scrollIntoView())
    await shot('docs-examples', false)

    // Past the creation limit (KEY_CREATE_LIMIT, 20; two made above): the form says so.
    for (let i = 0; i < 18; i++)
      await request.post('/api/key', { data: { name: `k${i}`, scope: ['books.read'] }, headers: api(token) })
    await page.goto('/account/apikeys/create')
    await page.locator('input[name="name"]').fill('One too many')
    await page.locator('button[type="submit"]').click()
    await expect(page.getByTestId('form-error')).toBeVisible()
    await shot('create-429')
  })
}
