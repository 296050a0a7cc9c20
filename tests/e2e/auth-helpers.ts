import { expect, type APIRequestContext, type Page } from '@playwright/test'

// Shared steps for the auth end-to-end specs (links are read from the dev outbox).

export const PASSWORD = 'Shelf-life1!'

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/** The newest mailed link to `email` whose path is `path` (polls: mail is written asynchronously). */
export async function mailedLink(request: APIRequestContext, email: string, path: string, notIn: string[] = []) {
  let found: string | undefined
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
        const body = (await res.json()) as { data: { links: string[] }[] }
        found = body.data
          .flatMap((m) => m.links)
          .find((l) => new URL(l).pathname === path && !notIn.includes(l))
        return found
      },
      { message: `a ${path} link mailed to ${email}` },
    )
    .toBeTruthy()
  return found!
}

/** Same-origin path of a mailed absolute link. */
export const pathOf = (link: string) => {
  const u = new URL(link)
  return `${u.pathname}${u.search}`
}

/** Signs up, verifies and picks the free plan through the API; answers a session token. */
export async function readyUser(request: APIRequestContext, opts: { name?: string; email?: string; lang?: string } = {}) {
  const email = opts.email ?? uniqueEmail('ready')
  const headers = { 'accept-language': opts.lang ?? 'en' }
  const signUp = await request.post('/api/account', {
    data: { name: opts.name ?? 'Ada Reader', email, password: PASSWORD },
    headers,
  })
  expect(signUp.status()).toBe(200)
  const link = await mailedLink(request, email, '/signup/verify')
  const verify = await request.post('/api/user/verify', { data: { token: new URL(link).searchParams.get('token') } })
  expect(verify.status()).toBe(200)
  const token = ((await verify.json()) as { data: { token: string } }).data.token
  const plan = await request.post('/api/account/plan', {
    data: { plan: 'free' },
    headers: { authorization: `Bearer ${token}` },
  })
  expect(plan.status()).toBe(200)
  return { email, token }
}

/** Starts the page with a stored session token (as if signed in before). */
export async function useToken(page: Page, token: string) {
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e-token-set')) {
      sessionStorage.setItem('e2e-token-set', '1')
      localStorage.setItem('token', t)
    }
  }, token)
}

export function notifications(page: Page) {
  return page.getByRole('region', { name: /Notifications \(F8\)|Notificaciones \(F8\)/ })
}

/** Fills the sign-up form on the page it is on (/signup) and sends it. */
export async function submitSignUp(page: Page, name: string, email: string) {
  await page.locator('input[name="name"]').fill(name)
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(PASSWORD)
  await page.locator('input[name="confirm_password"]').fill(PASSWORD)
  await page.locator('button[type="submit"]').click()
}

export async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/signin')
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(password)
  await page.locator('button[type="submit"]').click()
}

/** Signs out from the app layout (rail on wide screens, menu on phones). */
export async function signOutFromApp(page: Page) {
  const rail = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' })
  const menu = page.getByRole('button', { name: 'Open menu' })
  // The URL can change before the signed-in layout has rendered: wait for one of the two.
  await expect(rail.or(menu).first()).toBeVisible()
  if (await rail.isVisible()) await rail.click()
  else {
    await menu.click()
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click()
  }
  await expect(page).toHaveURL(/\/signin$/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
}
