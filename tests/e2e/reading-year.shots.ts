import { expect, test } from '@playwright/test'
import { readyUser, useToken } from './auth-helpers'
import { addServerBook, auth, today } from './books-helpers'

// Screenshots of the reading goal card and /stats for a person to look at (not assertions of
// pixels): SHOTS=<dir> writes PNGs at 390 px and 1280 px, light and dark, en and es.
const dir = process.env.SHOTS
test.skip(!dir, 'set SHOTS=<dir> to take screenshots')

const combos = [390, 1280].flatMap((width) =>
  (['light', 'dark'] as const).flatMap((scheme) => (['en', 'es'] as const).map((lang) => ({ width, scheme, lang }))),
)

for (const { width, scheme, lang } of combos) {
  test(`reading year ${width}px ${scheme} ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    await page.emulateMedia({ colorScheme: scheme })
    const shot = async (name: string) => {
      await page.waitForFunction(() =>
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      )
      await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}-${lang}.png`, fullPage: true })
    }
    const y = Number(today().iso.slice(0, 4))
    const { token } = await readyUser(request, { name: 'Ada Reader', lang })
    await request.patch('/api/user', { data: { dark_mode: scheme === 'dark', locale: lang }, headers: auth(token) })
    await useToken(page, token)
    await page.goto('/dashboard')
    await expect(page.getByTestId('goal-card')).toBeVisible()
    await page.getByTestId('goal-card').scrollIntoViewIfNeeded()
    await shot('goal-card-empty')

    await request.put(`/api/goals/${y}`, { data: { books: 24 }, headers: auth(token) })
    const books = [
      { title: 'Piranesi', author: 'Susanna Clarke', pages: 272, rating: 5, m: 1 },
      { title: 'The Left Hand of Darkness', author: 'Ursula K. Le Guin', pages: 304, rating: 4, m: 2 },
      { title: 'A Wizard of Earthsea', author: 'Ursula K. Le Guin', pages: 183, rating: 4, m: 2 },
      { title: 'Middlemarch', author: 'George Eliot', pages: 880, rating: 3, m: 4 },
      { title: 'Kindred', author: 'Octavia E. Butler', pages: null, rating: null, m: 5 },
    ]
    for (const b of books)
      await addServerBook(request, token, {
        title: b.title,
        author: b.author,
        pages: b.pages,
        rating: b.rating,
        finished_at: `${y}-${String(b.m).padStart(2, '0')}-10`,
      })
    await page.goto('/dashboard')
    await expect(page.getByTestId('goal-progress')).toBeVisible()
    await page.getByTestId('goal-card').scrollIntoViewIfNeeded()
    await shot('goal-card')
    await page.goto('/stats')
    await expect(page.getByTestId('stats-longest')).toBeVisible()
    await expect(page.locator('svg[role="img"]')).toBeVisible()
    await shot('stats')
    await page.locator('details summary').first().click()
    await shot('stats-table')
  })
}
