import { expect, test, type Locator, type Page } from '@playwright/test'
import { notifications, readyUser, useToken } from './auth-helpers'
import { addServerBook, auth } from './books-helpers'

// Nothing floating (the feedback heart, toasts, the sticky bar) may cover a screen's primary
// button on a phone. At 390×844, on every signed-in screen with a submit button and on the
// dashboard's "All books", the button is checked where the reader meets it: as the page opens
// (when it is on screen then) and scrolled into view from below, where a thumb scrolls it; where
// a toast follows the press, with the toast showing.

test.use({ viewport: { width: 390, height: 844 } })

/** The points of `target` (centre and corners, 2 px in) that something else is drawn over. */
async function coveredPoints(target: Locator): Promise<string[]> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const points: [string, number, number][] = [
      ['centre', r.left + r.width / 2, r.top + r.height / 2],
      ['top left', r.left + 2, r.top + 2],
      ['top right', r.right - 2, r.top + 2],
      ['bottom left', r.left + 2, r.bottom - 2],
      ['bottom right', r.right - 2, r.bottom - 2],
    ]
    return points.flatMap(([name, x, y]) => {
      const top = document.elementFromPoint(x, y)
      if (top && (el === top || el.contains(top))) return []
      const what = top
        ? `${top.tagName.toLowerCase()}${top.getAttribute('aria-label') ? `[${top.getAttribute('aria-label')}]` : ''}`
        : 'nothing'
      return [`${name} under ${what}`]
    })
  })
}

async function inViewport(page: Page, target: Locator) {
  const box = await target.boundingBox()
  const { height } = page.viewportSize()!
  return !!box && box.y >= 0 && box.y + box.height <= height
}

const settled = (page: Page) =>
  page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )

/** The checks: as the page opens (if on screen) and scrolled into view from below. */
async function expectClear(page: Page, target: Locator, label: string) {
  await expect(target).toBeVisible()
  await settled(page)
  if (await inViewport(page, target)) expect(await coveredPoints(target), `${label}, as the page opens`).toEqual([])
  await target.evaluate((el) => el.scrollIntoView({ block: 'end' }))
  await settled(page)
  expect(await coveredPoints(target), `${label}, scrolled into view from below`).toEqual([])
}

const submit = (page: Page) => page.locator('main form button[type="submit"]').filter({ visible: true }).first()

test('the heart and toasts keep clear of every primary button on a phone', async ({ page, request }) => {
  test.setTimeout(120_000)
  const { token } = await readyUser(request, { name: 'Thumb Reader' })
  const book = await addServerBook(request, token, { title: 'Dune', author: 'Frank Herbert' })
  for (const title of ['Emma', 'Walden', 'Piranesi']) await addServerBook(request, token, { title })
  await useToken(page, token)

  // /welcome: its form's submit and the wizard's way forward (Next, then Finish).
  await page.goto('/welcome')
  await expectClear(page, submit(page), '/welcome Claim this URL')
  await expectClear(page, page.getByRole('button', { name: 'Next page' }), '/welcome Next')
  await page.getByRole('button', { name: 'Next page' }).click()
  await expectClear(page, submit(page), '/welcome Add book')
  await expectClear(page, page.getByRole('button', { name: 'Finish' }), '/welcome Finish')
  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  await expect(page.getByRole('list', { name: 'Newest books' }).getByRole('listitem')).toHaveCount(4)
  await expectClear(page, page.getByRole('link', { name: 'All books' }), '/dashboard All books')

  // Screens whose submit answers with a toast: checked again with the toast showing, both where
  // the press left the button and scrolled to it from below.
  const withToast: [string, string, (p: Page) => Promise<void>][] = [
    [
      '/account/url',
      'Your public URL has changed',
      (p) => p.locator('input[name="slug"]').fill(`thumb-${Date.now().toString(36)}`),
    ],
    [
      '/account/profile',
      'Your profile has been updated',
      (p) => p.locator('input[name="name"]').fill('Thumb Reader Two'),
    ],
    ['/account/notifications', 'Your notification settings have been saved', async () => {}],
  ]
  for (const [path, message, change] of withToast) {
    await page.goto(path)
    const button = submit(page)
    await expectClear(page, button, `${path} submit`)
    await change(page)
    await expect(button).toBeEnabled()
    await button.click()
    const toast = notifications(page).getByText(message, { exact: false })
    await expect(toast).toBeVisible()
    await settled(page)
    // Where the press left it (if the page, re-rendered, still shows it), then scrolled to.
    if (await inViewport(page, button))
      expect(await coveredPoints(button), `${path} submit, with its toast`).toEqual([])
    await expectClear(page, button, `${path} submit, with its toast`)
    await expect(toast, `${path}: the toast was still showing`).toBeVisible()
  }

  for (const path of ['/account/password', '/help', '/books/new', `/books/${book.id}/edit`]) {
    await page.goto(path)
    await expectClear(page, submit(page), `${path} submit`)
  }
  // Adding a book ends on /books with a toast; its primary button is "Add a book".
  await page.goto('/books/new')
  await page.locator('input[name="title"]').fill('The Dispossessed')
  await submit(page).click()
  await expect(notifications(page).getByText('Added “The Dispossessed”')).toBeVisible()
  await settled(page)
  const addLink = page.getByRole('link', { name: 'Add a book' })
  expect(await coveredPoints(addLink), '/books Add a book, with the toast').toEqual([])
})

test('on a public list, the toast after "Add to my list" keeps clear of the card buttons', async ({
  page,
  request,
}) => {
  const owner = await readyUser(request, { name: 'Ada Lister' })
  const slug = `ada-${Date.now().toString(36)}`
  expect((await request.patch('/api/url', { data: { slug }, headers: auth(owner.token) })).status()).toBe(200)
  for (const title of ['Dune', 'Emma', 'Walden', 'Beloved']) await addServerBook(request, owner.token, { title })
  const { token } = await readyUser(request, { name: 'Bob Visitor' })
  await useToken(page, token)
  await page.goto(`/${slug}`)
  const add = page.getByRole('button', { name: /^Add to my list\s*:\s*Walden$/ })
  await expectClear(page, add, 'Add to my list')
  await add.click()
  await expect(notifications(page).getByText('Walden')).toBeVisible()
  await settled(page)
  const added = page.getByRole('button', { name: /^Added\s*:\s*Walden$/ })
  expect(await inViewport(page, added)).toBe(true)
  expect(await coveredPoints(added), 'the pressed card button, with its toast').toEqual([])
  const next = page.getByRole('button', { name: /^Add to my list\s*:\s*Beloved$/ })
  await expectClear(page, next, 'the next card button, with the toast')
})
