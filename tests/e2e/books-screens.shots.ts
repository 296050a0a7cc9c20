import { expect, test } from '@playwright/test'
import { readyUser, useToken } from './auth-helpers'
import { addServerBook, auth, bookRow, syncBadge } from './books-helpers'

// Screenshots of the book screens for a person to look at (not assertions of pixels):
// BOOKS_SCREENSHOTS=<dir> writes PNGs at 390 px and 1280 px, light and dark, en and es.
const dir = process.env.BOOKS_SCREENSHOTS
test.skip(!dir, 'set BOOKS_SCREENSHOTS=<dir> to take screenshots')

const combos = [390, 1280].flatMap((width) =>
  (['light', 'dark'] as const).flatMap((scheme) => (['en', 'es'] as const).map((lang) => ({ width, scheme, lang }))),
)

for (const { width, scheme, lang } of combos) {
  test(`book screens ${width}px ${scheme} ${lang}`, async ({ page, request, context }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    const { token } = await readyUser(request, { name: 'Ada Reader', lang })
    await request.patch('/api/user', { data: { dark_mode: scheme === 'dark', locale: lang }, headers: auth(token) })
    await useToken(page, token)
    const shot = (name: string) =>
      page.screenshot({ path: `${dir}/${name}-${width}-${scheme}-${lang}.png`, fullPage: true })

    await page.goto('/books')
    await expect(syncBadge(page)).toBeVisible()
    await page.waitForTimeout(400)
    await shot('empty')

    await addServerBook(request, token, {
      title: 'Cien años de soledad',
      author: 'Gabriel García Márquez',
      rating: 5,
      started_at: '2024-01-02',
      finished_at: '2024-02-03',
    })
    await addServerBook(request, token, {
      title: 'The Left Hand of Darkness and a very long subtitle that goes on and on',
      author: 'Ursula K. Le Guin',
      rating: 3,
      started_at: '2024-03-01',
    })
    const dune = await addServerBook(request, token, { title: 'Dune', author: 'Frank Herbert', review: 'Spice.' })
    await addServerBook(request, token, { title: 'Piranesi', author: 'Susanna Clarke', rating: 4 })
    await page.reload()
    await expect(bookRow(page, 'Piranesi')).toBeVisible()
    await page.waitForTimeout(400)
    await shot('list')

    await syncBadge(page).click()
    await page.waitForTimeout(300)
    await shot('badge')
    await page.keyboard.press('Escape')

    await bookRow(page, 'Piranesi').getByRole('button', { name: /^(Delete “Piranesi”|Eliminar «Piranesi»)$/ }).click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    await page.waitForTimeout(300)
    await shot('dialog')
    await page.keyboard.press('Escape')

    // Offline with a change waiting.
    await context.setOffline(true)
    await bookRow(page, 'Piranesi').getByRole('button', { name: /^(Delete “Piranesi”|Eliminar «Piranesi»)$/ }).click()
    await page.getByRole('alertdialog').getByRole('button').last().click()
    await expect(syncBadge(page)).toContainText(/offline/i)
    await page.waitForTimeout(300)
    await shot('offline')
    await context.setOffline(false)

    await page.goto('/books/new')
    await page.locator('input[name="link"]').fill('https://www.amazon.com/Dune-Frank-Herbert/dp/0441013597')
    await page.locator('button[type="submit"]').focus()
    await page.waitForTimeout(300)
    await shot('new')
    await page.locator('input[name="title"]').fill('')
    await page.locator('input[name="imageUrl"]').fill('nope')
    await page.locator('button[type="submit"]').click()
    await page.waitForTimeout(300)
    await shot('new-errors')

    await page.goto(`/books/${dune.id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Dune' })).toBeVisible()
    await page.waitForTimeout(300)
    await shot('book-page')
    await page.goto(`/books/${dune.id}/edit`)
    await expect(page.locator('input[name="title"]')).toHaveValue('Dune')
    await page
      .locator('label')
      .filter({ has: page.locator('input[value="4"]') })
      .click()
    await page.locator('[name="started_at"]').locator('xpath=..').getByRole('button').first().click()
    await page.waitForTimeout(400)
    await shot('edit-calendar')
  })
}
