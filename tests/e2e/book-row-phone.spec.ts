import { expect, test } from '@playwright/test'
import { readyUser, useToken } from './auth-helpers'
import { addServerBook, bookRow, expectServerBooks } from './books-helpers'

// Nothing here is about the service worker: each test's fresh context would precache the whole
// build (decision 51).
test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

// On a phone the /books row is where a reader rates what they just finished: its stars take a
// tap (and the keyboard), the rating reaches the server, and Edit stays in reach on the row.
test('phone book row: tap a star to rate, arrows and Delete from the keyboard, Edit in reach', async ({
  page,
  request,
}) => {
  const { token } = await readyUser(request)
  await addServerBook(request, token, { title: 'Kindred', author: 'Octavia E. Butler' })
  const rated = await addServerBook(request, token, { title: 'Piranesi', author: 'Susanna Clarke', rating: 2 })
  await useToken(page, token)
  await page.goto('/books')

  const row = bookRow(page, 'Kindred')
  const stars = row.getByRole('radiogroup', { name: 'Rating of “Kindred”' })
  await expect(stars.getByRole('radio')).toHaveCount(5)
  await expect(stars.getByRole('radio', { checked: true })).toHaveCount(0)

  // A tap on the fourth star rates the book 4, on the device and then on the server.
  await stars.locator('label').nth(3).tap()
  await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked()
  await expectServerBooks(request, token, (b) => [b.title, b.rating], [
    ['Kindred', 4],
    ['Piranesi', 2],
  ])

  // Keyboard: the arrow moves the rating; Delete clears it, as in the book form.
  const other = bookRow(page, 'Piranesi').getByRole('radiogroup', { name: 'Rating of “Piranesi”' })
  await other.getByRole('radio', { name: '2 stars' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(other.getByRole('radio', { name: '3 stars' })).toBeChecked()
  await expect(other.getByRole('radio', { name: '3 stars' })).toBeFocused()
  await expectServerBooks(request, token, (b) => [b.title, b.rating], [
    ['Kindred', 4],
    ['Piranesi', 3],
  ])
  await page.keyboard.press('Delete')
  await expect(other.getByRole('radio', { checked: true })).toHaveCount(0)
  await expectServerBooks(request, token, (b) => [b.title, b.rating], [
    ['Kindred', 4],
    ['Piranesi', null],
  ])
  // A tap on the star already chosen clears the rating too.
  await stars.locator('label').nth(3).tap()
  await expect(stars.getByRole('radio', { checked: true })).toHaveCount(0)
  await expectServerBooks(request, token, (b) => [b.title, b.rating], [
    ['Kindred', null],
    ['Piranesi', null],
  ])

  // Each star is a target a finger can hit, and the row fits the screen with Edit on it.
  const box = (await stars.locator('label').first().boundingBox())!
  expect(box.width).toBeGreaterThanOrEqual(24)
  expect(box.height).toBeGreaterThanOrEqual(24)
  const edit = bookRow(page, 'Piranesi').getByRole('link', { name: 'Edit “Piranesi”' })
  const editBox = (await edit.boundingBox())!
  expect(editBox.x + editBox.width).toBeLessThanOrEqual(390)
  await edit.tap()
  await expect(page).toHaveURL(new RegExp(`/books/${rated.id}/edit$`))
})

test('in forced colours a row’s icons and chosen stars are drawn in the text colour, not hidden', async ({
  page,
  request,
}) => {
  const { token } = await readyUser(request)
  await addServerBook(request, token, { title: 'Dune', author: 'Frank Herbert', rating: 3 })
  await useToken(page, token)
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ forcedColors: 'active', colorScheme })
    await page.goto('/books')
    const row = bookRow(page, 'Dune')
    await expect(row).toBeVisible()
    const drawn = await row.evaluate((li) => {
      const page = getComputedStyle(document.body).backgroundColor
      const icons = [...li.querySelectorAll('svg')].map((svg) => {
        const style = getComputedStyle(svg)
        // The colour each icon is drawn in: its stroke (the text colour, as `currentColor`).
        return { stroke: style.stroke, color: style.color }
      })
      const filled = [...li.querySelectorAll('[role=radiogroup] label[data-on] svg')].map(
        (svg) => getComputedStyle(svg).fill,
      )
      return { page, icons, filled }
    })
    // Edit, delete, the cover mark, the sync mark and five stars.
    expect(drawn.icons.length).toBeGreaterThanOrEqual(9)
    for (const { stroke, color } of drawn.icons) {
      expect(stroke).toBe(color)
      expect(stroke).not.toBe(drawn.page)
    }
    expect(drawn.filled).toHaveLength(3)
    for (const fill of drawn.filled) expect(fill).not.toBe(drawn.page)
  }
})

// The row's third line (the stars, the status and the sync mark) is never cut off on a phone, in
// the longer Spanish words too: the status is an icon there, its word read out.
test('on a 360 px phone a row shows its stars, status and sync mark whole, the status read out', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 780 })
  const { token } = await readyUser(request, { lang: 'es' })
  await addServerBook(request, token, { title: 'Piranesi', author: 'Susanna Clarke' })
  await addServerBook(request, token, { title: 'Dune', author: 'Frank Herbert', rating: 3, started_at: '2026-03-01' })
  await addServerBook(request, token, {
    title: 'Kindred',
    author: 'Octavia E. Butler',
    rating: 5,
    started_at: '2026-01-01',
    finished_at: '2026-02-03',
  })
  await useToken(page, token)
  await page.goto('/books')
  for (const [title, status] of [
    ['Piranesi', 'Sin empezar'],
    ['Dune', 'Leyendo'],
    ['Kindred', 'Terminado'],
  ] as const) {
    const row = bookRow(page, title)
    await expect(row.locator('[data-sync="synced"]')).toBeAttached()
    await expect(row.getByText(status, { exact: true })).toBeAttached()
    const line = row.getByRole('radiogroup').locator('xpath=..')
    // Laid out whole: nothing of the line is past its clipped edge, and each part is inside it.
    const fit = await line.evaluate((el) => {
      const edge = el.getBoundingClientRect().right
      return {
        overflow: el.scrollWidth - el.clientWidth,
        past: [...el.children].map((c) => Math.round(c.getBoundingClientRect().right - edge)),
      }
    })
    expect(fit.overflow, `${title}: the line's overflow`).toBeLessThanOrEqual(0)
    for (const past of fit.past) expect(past, `${title}: a part past the line's edge`).toBeLessThanOrEqual(0)
  }
})
