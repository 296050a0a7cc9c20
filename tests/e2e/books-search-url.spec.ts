import { expect, test, type Page } from '@playwright/test'
import { readyUser, useToken } from './auth-helpers'
import { addServerBook } from './books-helpers'

// The /books search box keeps its text in the page and writes the URL once typing pauses: the
// URL restores the search on a reload, and a navigation
// that names another query (a link to /books, back) puts that query in the box.

const shown = (page: Page) => page.getByRole('list', { name: 'Your books' }).getByRole('listitem')

test('the search reaches the URL when typing pauses, survives a reload, and follows links and back', async ({
  page,
  request,
}) => {
  const { token } = await readyUser(request, { name: 'Sam Searcher' })
  await useToken(page, token)
  for (const [title, author] of [
    ['Dune', 'Frank Herbert'],
    ['Piranesi', 'Susanna Clarke'],
    ['Middlemarch', 'George Eliot'],
  ])
    await addServerBook(request, token, { title, author })
  await page.goto('/books')
  await expect(shown(page)).toHaveCount(3)
  const box = page.getByRole('searchbox', { name: 'Search by title or author' })

  // Typed: the list follows at once, the URL once typing pauses; a reload then keeps the search.
  // (A reload inside the pause reloads the address as it was: the browser has read it before
  // the page hears it is leaving.)
  await box.pressSequentially('clarke')
  await expect(shown(page)).toHaveCount(1)
  await expect(page).toHaveURL(/[?&]q=clarke/)
  await page.reload()
  await expect(page).toHaveURL(/[?&]q=clarke/)
  await expect(box).toHaveValue('clarke')
  await expect(shown(page)).toHaveCount(1)
  await expect(shown(page).getByText('Piranesi')).toBeVisible()

  // A link to /books names no query: the box empties and every book shows.
  await page.getByRole('link', { name: 'Books', exact: true }).first().click()
  await expect(page).not.toHaveURL(/q=/)
  await expect(box).toHaveValue('')
  await expect(shown(page)).toHaveCount(3)

  // Back to the searched list: its query is in the box again.
  await page.goBack()
  await expect(box).toHaveValue('clarke')
  await expect(shown(page)).toHaveCount(1)

  // Typing on after the URL was written keeps every letter (the URL catching up never undoes one).
  await box.press('End')
  await box.pressSequentially(' su', { delay: 300 })
  await expect(page).toHaveURL(/q=clarke(\+|%20)su/)
  await expect(box).toHaveValue('clarke su')
  await expect(shown(page)).toHaveCount(1)
})

test('once typing pauses the rows are in the document in the order they are shown (keyboard, screen readers)', async ({
  page,
  request,
}) => {
  const { token } = await readyUser(request, { name: 'Ola Order' })
  await useToken(page, token)
  await page.setViewportSize({ width: 1000, height: 900 })
  // Up next, newest first: Lake 29, Ocean 28, Lake 27, … — a search for "lake" brings books from
  // below the screen into rows that held others.
  for (let i = 0; i < 30; i++)
    await addServerBook(request, token, { title: `${i % 2 ? 'Lake' : 'Ocean'} ${i}`, author: 'Ada' })
  await page.goto('/books')
  await expect(shown(page).first()).toContainText('Lake 29')
  const box = page.getByRole('searchbox', { name: 'Search by title or author' })
  const orders = () =>
    shown(page).evaluateAll((items) => ({
      document: items.map((li) => li.querySelector('a')?.textContent ?? ''),
      screen: items
        .map((li) => [Number(li.getAttribute('aria-posinset')), li.querySelector('a')?.textContent ?? ''] as const)
        .sort((a, b) => a[0] - b[0])
        .map(([, title]) => title),
    }))
  for (const query of ['lake', 'ocean', 'lake 2']) {
    await box.fill('')
    await box.pressSequentially(query)
    await expect(page).toHaveURL(new RegExp(`q=${query.replace(' ', '(\\+|%20)')}`))
    await expect.poll(async () => (await orders()).screen[0]).toMatch(new RegExp(`^${query}`, 'i'))
    const { document, screen } = await orders()
    expect(document).toEqual(screen)
  }
  // Tab from the last filter chip reaches the first row's title first.
  await box.fill('lake')
  await expect(page).toHaveURL(/q=lake/)
  await page.getByRole('radio', { name: 'Finished' }).focus()
  await page.keyboard.press('Tab')
  await expect(page.locator(':focus')).toHaveText('Lake 29')
})

test('typing in the search box changes nothing on the box but its text (each keystroke draws the list only)', async ({
  page,
  request,
}) => {
  const { token } = await readyUser(request, { name: 'Kit Keys' })
  await useToken(page, token)
  for (const title of ['Dune', 'Dracula', 'Emma']) await addServerBook(request, token, { title, author: 'Ann Lee' })
  await page.goto('/books')
  await expect(shown(page).getByText('Emma')).toBeVisible()
  await expect(shown(page)).toHaveCount(3)
  const box = page.getByRole('searchbox', { name: 'Search by title or author' })
  // Every attribute the page or React sets on the box while the reader types.
  await page.evaluate(() => {
    const seen: string[] = []
    const observer = new MutationObserver((records) => {
      for (const r of records)
        if (r.target instanceof HTMLInputElement && r.target.type === 'search') seen.push(r.attributeName ?? '')
    })
    observer.observe(document, { attributes: true, subtree: true })
    Object.assign(window, { boxChanges: seen, boxObserver: observer })
  })
  await box.pressSequentially('dra')
  await expect(shown(page)).toHaveCount(1)
  await expect(shown(page).getByText('Dracula')).toBeVisible()
  await box.press('Backspace')
  await box.press('Backspace')
  await expect(shown(page)).toHaveCount(2)
  expect(await page.evaluate(() => (window as unknown as { boxChanges: string[] }).boxChanges)).toEqual([])
  await expect(box).toHaveValue('d')
})
