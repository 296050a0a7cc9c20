import { expect, test } from '@playwright/test'
import { readyUser, useToken } from './auth-helpers'
import { addServerBook, auth } from './books-helpers'

// Screenshots of the shell and the shared screens for a person to look at (not assertions of
// pixels): SHOTS=<dir> writes PNGs at 390 px and 1280 px, light and dark, en and es.
const dir = process.env.SHOTS
test.skip(!dir, 'set SHOTS=<dir> to take screenshots')

const combos = [390, 1280].flatMap((width) =>
  (['light', 'dark'] as const).flatMap((scheme) => (['en', 'es'] as const).map((lang) => ({ width, scheme, lang }))),
)

for (const { width, scheme, lang } of combos) {
  test(`app screens ${width}px ${scheme} ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    await page.emulateMedia({ colorScheme: scheme })
    const shot = async (name: string) => {
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))
      await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}-${lang}.png`, fullPage: true })
    }

    for (const path of ['/signin', '/signup']) {
      await page.goto(path)
      await expect(page.locator('h1')).toBeVisible()
      await shot(path.slice(1))
    }

    const { token } = await readyUser(request, { name: 'Ada Reader', lang })
    await request.patch('/api/user', { data: { dark_mode: scheme === 'dark', locale: lang }, headers: auth(token) })
    await addServerBook(request, token, { title: 'Piranesi', author: 'Susanna Clarke', rating: 4 })
    await addServerBook(request, token, { title: 'Dune', author: 'Frank Herbert', started_at: '2024-03-01' })
    await useToken(page, token)

    for (const path of ['/welcome', '/dashboard', '/books', '/account', '/account/profile', '/account/url', '/account/password', '/account/notifications', '/help']) {
      await page.goto(path)
      await expect(page.locator('main h1')).toBeVisible()
      await shot(path.slice(1).replaceAll('/', '-'))
    }

    await page.goto('/dashboard')
    await page.locator('button[aria-label="Send feedback"], button[aria-label="Enviar opinión"]').filter({ visible: true }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await shot('feedback')
    await page.keyboard.press('Escape')

    if (width < 600) {
      await page.locator('header button').first().click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await shot('drawer')
      await page.keyboard.press('Escape')
    }
  })
}
