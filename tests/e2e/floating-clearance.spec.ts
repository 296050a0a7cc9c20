import { expect, test, type Locator, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { notifications, readyUser, useToken } from './auth-helpers'
import { addServerBook, auth } from './books-helpers'

// Nothing here is about the service worker: each test's fresh context would precache the whole
// build (decision 51).
test.use({ serviceWorkers: 'block' })

// Nothing floating (the feedback heart, toasts, the sticky bar) may cover a screen's primary
// button on a phone (decision 22). At 390×844, on every screen of the route tree that shows
// a submit button (signed out and signed in) and on the dashboard's "All books", the button is
// checked where the reader meets it: as the page opens (when it is on screen then) and scrolled
// into view from below, where a thumb scrolls it; where a toast follows the press, with the toast
// showing. Checked two ways: sampled points (what is drawn on top) and boxes (no floating box
// overlaps the button's).

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

/**
 * The boxes of floating things (anything inside a fixed or sticky element that does not also
 * hold `target`: the heart, toasts, sticky bars) that overlap `target`'s box, by more than a
 * hairline. Catches what a point sample misses: a toast over a button's edge.
 */
async function overlappingBoxes(target: Locator): Promise<string[]> {
  return target.evaluate((el) => {
    const t = el.getBoundingClientRect()
    const floating = new Map<Element, Element | null>()
    const floatingRoot = (node: Element | null): Element | null => {
      if (!node) return null
      if (floating.has(node)) return floating.get(node)!
      const position = getComputedStyle(node).position
      const root = position === 'fixed' || position === 'sticky' ? node : floatingRoot(node.parentElement)
      floating.set(node, root)
      return root
    }
    const found = new Set<string>()
    for (const node of document.body.querySelectorAll('*')) {
      const root = floatingRoot(node)
      if (!root || root.contains(el)) continue
      if (!node.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue
      const r = node.getBoundingClientRect()
      // Visually hidden text (1 px, clipped) paints nothing.
      if (r.width <= 1 || r.height <= 1) continue
      const x = Math.min(r.right, t.right) - Math.max(r.left, t.left)
      const y = Math.min(r.bottom, t.bottom) - Math.max(r.top, t.top)
      if (x > 1 && y > 1) {
        const label = root.getAttribute('aria-label') ?? root.id ?? ''
        found.add(
          `${root.tagName.toLowerCase()}${label ? `[${label}]` : ''} (${node.tagName.toLowerCase()} ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)})`,
        )
      }
    }
    return [...found]
  })
}

/** Covered points and overlapping floating boxes, together. */
async function coverings(target: Locator) {
  return [...(await coveredPoints(target)), ...(await overlappingBoxes(target))]
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
  if (await inViewport(page, target)) expect(await coverings(target), `${label}, as the page opens`).toEqual([])
  // Scrolled until it stays in view: content still arriving above it (a query answering, the
  // router settling its scroll) can move it after one scroll, which is not what is checked here.
  await expect
    .poll(
      async () => {
        await target.evaluate((el) => el.scrollIntoView({ block: 'end' }))
        await settled(page)
        return inViewport(page, target)
      },
      { message: `${label} stays in view once scrolled to` },
    )
    .toBe(true)
  expect(await coverings(target), `${label}, scrolled into view from below`).toEqual([])
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
    if (await inViewport(page, button)) expect(await coverings(button), `${path} submit, with its toast`).toEqual([])
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
  expect(await coverings(addLink), '/books Add a book, with the toast').toEqual([])
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
  expect(await coverings(added), 'the pressed card button, with its toast').toEqual([])
  const next = page.getByRole('button', { name: /^Add to my list\s*:\s*Beloved$/ })
  await expectClear(page, next, 'the next card button, with the toast')
})

/**
 * Every screen of the app: the router's full paths (src/client/route-tree.gen.ts), each with
 * whether it sits under the signed-in layouts (_app, _account: their guard sends a signed-out
 * visitor to /signin, which is checked itself, so they are checked signed in only).
 */
function everyScreen(): { path: string; signedInOnly: boolean }[] {
  const tree = readFileSync(fileURLToPath(new URL('../../src/client/route-tree.gen.ts', import.meta.url)), 'utf8')
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)![1]!
  return [...block.matchAll(/'([^']+)': typeof (\w+)/g)].map((m) => ({
    path: m[1]!,
    signedInOnly: /^(App|Account)[A-Z0-9]/.test(m[2]!),
  }))
}

test('every screen with a submit button: no floating box overlaps it at 390 px, signed out or in', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000)
  const { token } = await readyUser(request, { name: 'Every Screen' })
  const slug = `every-${Date.now().toString(36)}`
  expect((await request.patch('/api/url', { data: { slug }, headers: auth(token) })).status()).toBe(200)
  const book = await addServerBook(request, token, { title: 'Dune', author: 'Frank Herbert' })
  const params: Record<string, string> = { $slug: slug, $bookId: book.id }
  const screens = everyScreen().map(({ path, signedInOnly }) => ({
    path: path.replace(/\$\w+/g, (p) => params[p]!).replace(/(.)\/$/, '$1'),
    signedInOnly,
  }))
  // Sign-in with an error toast showing as it opens (an expired session lands there).
  screens.push({ path: '/signin?error=Your%20session%20expired', signedInOnly: false })
  expect(screens.filter((s) => s.signedInOnly).map((s) => s.path)).toEqual(
    expect.arrayContaining(['/dashboard', '/account/profile', '/books/new']),
  )
  // The screens whose submit button a reader meets first: each is waited for before its buttons
  // are counted (a screen still rendering on a busy machine has none yet).
  const withButtons = [
    '/',
    '/signin',
    '/signup',
    '/forgotpassword',
    '/welcome',
    '/help',
    '/books/new',
    `/books/${book.id}/edit`,
    '/account/url',
    '/account/profile',
    '/account/password',
    '/account/notifications',
    '/account/2fa',
    '/account/upgrade',
    '/signup/plan',
    '/signin?error=Your%20session%20expired',
  ]
  const checked: string[] = []
  for (const signedIn of [false, true]) {
    if (signedIn) await useToken(page, token)
    for (const { path } of screens.filter((s) => signedIn || !s.signedInOnly)) {
      await page.goto(path)
      await expect(page.locator('main').first()).toBeVisible()
      await expect(page.locator('h1').first()).toBeVisible()
      if (path.includes('?error=')) await expect(notifications(page).getByRole('alert')).toBeVisible()
      // A screen this visitor is sent away from is checked as the other visitor.
      if (new URL(page.url()).pathname !== new URL(path, 'http://x').pathname) continue
      const buttons = page.locator('main form button[type="submit"]').filter({ visible: true })
      if (withButtons.includes(path)) await expect(buttons.first()).toBeVisible()
      const count = await buttons.count()
      for (let i = 0; i < count; i++) {
        const name = ((await buttons.nth(i).textContent()) ?? '').trim()
        await expectClear(page, buttons.nth(i), `${path} ${signedIn ? '(signed in)' : '(signed out)'} “${name}”`)
      }
      if (count > 0) checked.push(path)
    }
  }
  // The screens whose submit button a reader meets first (so a change in the page cannot make
  // this test check nothing).
  expect(checked).toEqual(expect.arrayContaining(withButtons))
})
