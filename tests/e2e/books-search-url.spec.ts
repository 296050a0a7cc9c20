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
