import { test } from '@playwright/test'
import sharp from 'sharp'
import { readyUser, useToken } from './auth-helpers'
import { auth } from './books-helpers'

// Screenshots of the avatar field for a person to look at (not pixel assertions): SHOTS=<dir>
// writes /account/profile with a saved picture and a chosen one, at 390 px and 1280 px, light
// and dark, en and es.
const dir = process.env.SHOTS
test.skip(!dir, 'set SHOTS=<dir> to take screenshots')

const combos = [
  { width: 390, scheme: 'light', lang: 'en' },
  { width: 390, scheme: 'dark', lang: 'es' },
  { width: 1280, scheme: 'dark', lang: 'en' },
  { width: 1280, scheme: 'light', lang: 'es' },
] as const

for (const { width, scheme, lang } of combos) {
  test(`avatar field ${width}px ${scheme} ${lang}`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 844 })
    await page.emulateMedia({ colorScheme: scheme })
    const { token } = await readyUser(request, { name: 'Pia Picture', lang })
    const saved = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c05621' } }).png().toBuffer()
    await request.patch('/api/user', {
      headers: auth(token),
      multipart: { dark_mode: String(scheme === 'dark'), locale: lang, avatar: { name: 'a.png', mimeType: 'image/png', buffer: saved } },
    })
    await useToken(page, token)
    await page.goto('/account/profile')
    const input = page.locator('input[type="file"][name="avatar"]')
    const chosen = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2b6cb0' } }).png().toBuffer()
    await input.setInputFiles({ name: 'holiday-portrait.png', mimeType: 'image/png', buffer: chosen })
    await page.getByRole('img', { name: /holiday-portrait/ }).waitFor()
    await page.screenshot({ path: `${dir}/avatar-${width}-${scheme}-${lang}.png`, fullPage: true })
  })
}
