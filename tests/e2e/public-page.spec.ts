import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { expectAccessible } from './a11y'
import { readyUser, useToken } from './auth-helpers'
import { addServerBook, auth, controlledBySw } from './books-helpers'

// The public page /{id} as a first-time visitor meets it, and the dashboard's cards
// with long text: the way back for a signed-in visitor, card buttons laid out alike, a saved
// copy that says so, the 404 for someone signed out, nothing running past its column.

const LONG_TITLE = `The Extraordinarily Long and Winding Chronicle of ${'Everything '.repeat(30)}`.slice(0, 300)
const LONG_AUTHOR = 'Maria Antonietta Giuseppina Bartolomea Fitzgerald-Wolfeschlegelsteinhausenbergerdorff'

async function listOwner(request: APIRequestContext, name: string) {
  const { token } = await readyUser(request, { name })
  const slug = `${name.split(' ')[0]!.toLowerCase()}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  expect((await request.patch('/api/url', { data: { slug }, headers: auth(token) })).status()).toBe(200)
  await addServerBook(request, token, { title: 'Dune', author: 'Frank Herbert', rating: 5, review: 'Spice, sand and politics.' })
  await addServerBook(request, token, { title: 'Emma', author: 'Jane Austen', started_at: '2024-03-01' })
  await addServerBook(request, token, { title: LONG_TITLE, author: LONG_AUTHOR })
  return { token, slug }
}

const cards = (page: Page) => page.getByRole('list', { name: 'Books' }).getByRole('listitem')

/** Each card's buttons relative to the card: where each sits, as offsets from the card's foot. */
async function buttonLayouts(page: Page) {
  return cards(page).evaluateAll((items) =>
    items.map((item) => {
      const card = item.querySelector('article')!.getBoundingClientRect()
      return [...item.querySelectorAll('article a, article button')].map((b) => {
        const r = b.getBoundingClientRect()
        return [Math.round(r.left - card.left), Math.round(card.bottom - r.bottom), Math.round(r.width)]
      })
    }),
  )
}

async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
  expect(scroll, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(client)
}

test('a signed-in visitor has the way back to their list; every card lays its buttons out alike', async ({ page, request }) => {
  const owner = await listOwner(request, 'Ada Cards')
  const { token } = await readyUser(request, { name: 'Bob Visitor' })
  await useToken(page, token)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    await page.goto(`/${owner.slug}`)
    await expect(cards(page)).toHaveCount(3)
    const layouts = await buttonLayouts(page)
    expect(layouts.every((l) => l.length === 2), `${width}px: Buy and Add on every card`).toBe(true)
    for (const layout of layouts) expect(layout, `${width}px: the same layout on every card`).toEqual(layouts[0])
    await expectNoSidewaysScroll(page, `/${owner.slug} at ${width}px`)
  }
  await page.getByRole('link', { name: 'My books' }).click()
  await expect(page).toHaveURL(/\/books$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My books' })).toBeVisible()
})

test('a list reopened offline says it is a saved copy, and from when', async ({ page, context, request }) => {
  const owner = await listOwner(request, 'Ada Saved')
  await page.goto(`/${owner.slug}`)
  await expect(cards(page)).toHaveCount(3)
  await controlledBySw(page)
  await page.reload()
  await expect(cards(page)).toHaveCount(3)
  // Online, the list is the server's: no notice.
  await expect(page.getByText('A saved copy')).toHaveCount(0)

  await context.setOffline(true)
  await page.reload()
  await expect(cards(page)).toHaveCount(3)
  // The time is the copy's own (its Date header): saved today, by this run.
  const today = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date())
  await expect(page.getByText('A saved copy')).toBeVisible()
  await expect(page.getByText(`This list could not be loaded, so this is the copy saved on this device on ${today}`)).toBeVisible()
  await expectAccessible(page, 'a saved copy, with the status chips')
  await context.setOffline(false)
  await page.reload()
  await expect(cards(page)).toHaveCount(3)
  await expect(page.getByText('A saved copy')).toHaveCount(0)
})

test('the 404 offers a signed-out visitor sign-in, not a dashboard they do not have', async ({ page, request }) => {
  await page.goto('/nobody-has-this-list')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin')
  const { token } = await readyUser(request, { name: 'Sam Signed' })
  await useToken(page, token)
  await page.goto('/nobody-has-this-list-either')
  await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard')
})

test('the dashboard keeps a 300-character title and a long name inside their cards at every width', async ({ page, request }) => {
  const { token } = await readyUser(request, { name: 'Lena Long' })
  await request.patch('/api/user', { data: { onboarded: true }, headers: auth(token) })
  for (const title of ['Dune', 'Emma', 'Walden']) await addServerBook(request, token, { title, author: 'Someone' })
  await addServerBook(request, token, { title: LONG_TITLE, author: LONG_AUTHOR })
  await useToken(page, token)
  // A phone, then each of Panda's breakpoints from sm (640) to past 2xl (1536): the grid's
  // columns change there, and the 4th card once ran past its column on a desktop.
  for (const width of [390, 700, 768, 1024, 1280, 1600]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    await page.goto('/dashboard')
    const newest = page.getByRole('list', { name: 'Newest books' })
    await expect(newest.getByRole('listitem')).toHaveCount(4)
    await expectNoSidewaysScroll(page, `/dashboard at ${width}px`)
    // Every card and every line of text in it stays inside its own grid cell.
    const escapes = await newest.getByRole('listitem').evaluateAll((items) =>
      items.flatMap((item, i) => {
        const cell = item.getBoundingClientRect()
        return [...item.querySelectorAll('*')].flatMap((el) => {
          const r = el.getBoundingClientRect()
          return r.width > 0 && (r.left < cell.left - 0.5 || r.right > cell.right + 0.5) ? [`card ${i + 1}: ${el.tagName} ${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(cell.left)}–${Math.round(cell.right)}`] : []
        })
      }),
    )
    expect(escapes, `/dashboard at ${width}px`).toEqual([])
    const long = newest.getByRole('link', { name: new RegExp(`^${LONG_TITLE.slice(0, 40)}`) })
    await expect(long).toBeVisible()
  }
})
