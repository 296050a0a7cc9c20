import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { CATALOG_PORT } from '../playwright.config'
import { notifications, readyUser, useToken } from './auth-helpers'
import { auth, bookRow, expectServerBooks } from './books-helpers'

// Smaller things a reader noticed: "Add to my list" adds a book once and says when it is there
// already; an unrated public book says "Not rated" instead of five empty stars; Enter in "Find the
// book" searches instead of submitting the add form; a catalogue that does not answer offers
// "Try again" and "Add it by hand"; on a phone the toasts leave the top bar free and a book row
// keeps its Edit link.

test.describe.configure({ timeout: 90_000 })

const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const cards = (page: Page) => page.getByRole('list', { name: 'Books' }).getByRole('listitem')

async function listOwner(request: APIRequestContext) {
  const { token } = await readyUser(request, { name: 'Gabo Owner' })
  const slug = uniqueSlug('gabo')
  expect((await request.patch('/api/url', { data: { slug }, headers: auth(token) })).status()).toBe(200)
  for (const data of [
    { title: 'Cien años de soledad', author: 'Gabriel García Márquez', rating: 5 },
    { title: 'Emma', author: 'Jane Austen' },
  ]) {
    expect((await request.post('/api/books', { data, headers: auth(token) })).status()).toBe(201)
  }
  return slug
}

/** Puts the e2e run's local Open Library in a mode (tests/fixtures/open-library/server.ts). */
const catalogMode = (mode: 'ok' | 'down') => fetch(`http://127.0.0.1:${CATALOG_PORT}/__test/mode?set=${mode}`)

test('Add to my list adds once: the second time, and for a book already there by name, it says so', async ({
  page,
  request,
}) => {
  const slug = await listOwner(request)
  const { token } = await readyUser(request, { name: 'Vi Visitor' })
  // Already on the visitor's list under another spelling (case and accents).
  expect(
    (
      await request.post('/api/books', {
        data: { title: 'CIEN ANOS DE SOLEDAD', author: 'gabriel garcia marquez' },
        headers: auth(token),
      })
    ).status(),
  ).toBe(201)
  await useToken(page, token)
  await page.goto(`/${slug}`)

  await page.getByRole('button', { name: /^Add to my list\s*:\s*Emma$/ }).click()
  await expect(page.getByRole('button', { name: /^Added\s*:\s*Emma$/ })).toBeDisabled()
  // Another visit, another click: nothing new, and the page says why.
  await page.reload()
  await page.getByRole('button', { name: /^Add to my list\s*:\s*Emma$/ }).click()
  await expect(notifications(page).getByText('This book is already on your list')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Already on your list\s*:\s*Emma$/ })).toBeDisabled()
  await page.getByRole('button', { name: /^Add to my list\s*:\s*Cien años de soledad$/ }).click()
  await expect(page.getByRole('button', { name: /^Already on your list\s*:\s*Cien años de soledad$/ })).toBeDisabled()
  await expectServerBooks(request, token, (b) => b.title, ['CIEN ANOS DE SOLEDAD', 'Emma'])
})

test('an unrated public book says "Not rated", not five empty stars', async ({ page, request }) => {
  const slug = await listOwner(request)
  await page.goto(`/${slug}`)
  const emma = cards(page).filter({ hasText: 'Emma' })
  await expect(emma.getByText('Not rated')).toBeVisible()
  // No star drawing at all (the rating is the one span[role=img] of a card).
  await expect(emma.locator('span[role="img"]')).toHaveCount(0)
  const cien = cards(page).filter({ hasText: 'Cien años' })
  await expect(cien.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible()
})

test('Enter in "Find the book" searches and does not submit the add form', async ({ page, request }) => {
  const { token } = await readyUser(request, { name: 'Enzo Enter' })
  await useToken(page, token)
  await page.goto('/books/new')
  const search = page.getByRole('combobox', { name: 'Find the book' })
  await search.fill('Fantastic')
  await search.press('Enter')
  // Enter searches; when the answers are already listed it picks the highlighted one instead, as
  // a combobox does. Either way the form is not sent.
  await expect(
    page
      .getByRole('option', { name: /Fantastic Mr\. Fox/ })
      .or(page.getByText('Filled in from the catalogue: Fantastic Mr. Fox')),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/books\/new$/)
  await expect(page.getByText('Please enter a title')).toHaveCount(0)
  await expect(page.locator('input[name="title"]')).not.toHaveAttribute('aria-invalid', 'true')
  expect((await (await request.get('/api/books', { headers: auth(token) })).json()).data).toEqual([])
})

test('Enter pressed as the results arrive, before the first one is highlighted, keeps what was typed', async ({
  page,
  request,
}) => {
  const { token } = await readyUser(request, { name: 'Sol Slow' })
  await useToken(page, token)
  // A slow phone: the frame after the results arrive comes late. Animation frames are held while
  // window.holdFrames is set, so the list is in the page but its first result not yet highlighted.
  await page.addInitScript(() => {
    const w = window as unknown as { holdFrames: boolean; releaseFrames: () => void }
    const held: FrameRequestCallback[] = []
    const native = window.requestAnimationFrame.bind(window)
    w.holdFrames = false
    window.requestAnimationFrame = (cb) => (w.holdFrames ? (held.push(cb), 0) : native(cb))
    w.releaseFrames = () => {
      w.holdFrames = false
      for (const cb of held.splice(0)) native(cb)
    }
  })
  await page.goto('/books/new')
  const search = page.getByRole('combobox', { name: 'Find the book' })
  await search.fill('Fantastic')
  await page.evaluate(() => ((window as unknown as { holdFrames: boolean }).holdFrames = true))
  await page.waitForFunction(() => document.querySelector('[role="option"]') !== null, null, { polling: 20 })
  expect(await search.getAttribute('aria-activedescendant')).toBeNull()
  await page.keyboard.press('Enter')
  await page.evaluate(() => (window as unknown as { releaseFrames: () => void }).releaseFrames())
  await expect(search).toHaveValue('Fantastic')
  await expect(page.getByRole('option', { name: /Fantastic Mr\. Fox/ })).toBeVisible()
  await expect(page).toHaveURL(/\/books\/new$/)
  await expect(page.locator('input[name="title"]')).not.toHaveAttribute('aria-invalid', 'true')
  // Enter now picks the highlighted result.
  await search.press('Enter')
  await expect(page.getByText('Filled in from the catalogue: Fantastic Mr. Fox')).toBeVisible()
  await expect(page.locator('input[name="title"]')).toHaveValue('Fantastic Mr. Fox')
})

test('when the catalogue does not answer, the note offers to try again or to add the book by hand', async ({
  page,
  request,
}) => {
  const { token } = await readyUser(request, { name: 'Dana Down' })
  await useToken(page, token)
  await page.goto('/books/new')
  const search = page.getByRole('combobox', { name: 'Find the book' })
  await catalogMode('down')
  try {
    await search.fill('Piranesi')
    await expect(
      page.getByText('The book catalogue is not answering right now. Please try again in a moment.'),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Add it by hand' }).click()
    await expect(page.locator('input[name="title"]')).toBeFocused()
  } finally {
    await catalogMode('ok')
  }
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('option', { name: /Piranesi/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('a toast leaves the top bar free, and a book row keeps its Edit link', async ({ page, request }) => {
    const { token } = await readyUser(request, { name: 'Pia Phone' })
    await request.patch('/api/user', { data: { onboarded: true }, headers: auth(token) })
    await useToken(page, token)
    await page.goto('/books/new')
    await page.locator('input[name="title"]').fill('Kindred')
    await page.getByRole('button', { name: 'Add book' }).click()
    const toast = notifications(page).getByText('Added “Kindred”')
    await expect(toast).toBeVisible()
    const bar = await page.getByRole('banner').boundingBox()
    const box = await notifications(page)
      .getByRole('status')
      .or(notifications(page).getByRole('alert'))
      .first()
      .boundingBox()
    expect(bar && box && box.y >= bar.y + bar.height - 1).toBe(true)
    // The top bar's buttons can be used while the toast shows.
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')

    await page.goto('/books')
    const edit = bookRow(page, 'Kindred').getByRole('link', { name: 'Edit “Kindred”' })
    await expect(edit).toBeVisible()
    await edit.click()
    await expect(page).toHaveURL(/\/books\/[^/]+\/edit$/)
  })
})
