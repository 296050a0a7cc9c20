import { expect, test } from '@playwright/test'
import { mailedLink, notifications, PASSWORD, readyUser, signInWithPassword, uniqueEmail, useToken } from './auth-helpers'

// Nothing here is about the service worker: each test's fresh context would precache the whole
// build (decision 51).
test.use({ serviceWorkers: 'block' })

// The /account hub and /account/profile; an email change → /signup/verify; closing the
// account clears local data and goes to /signup. An email change needs the current password
// and can be undone from the old address (decision 21); closing needs the account name typed.
const api = (token: string) => ({ authorization: `Bearer ${token}` })

test('the hub links to profile, custom URL and password; no card leads to a missing screen', async ({ page, request }) => {
  const { token } = await readyUser(request)
  await useToken(page, token)
  await page.goto('/account')
  const hub = page.getByRole('list', { name: 'Account settings' })
  for (const [name, href] of <[string, string][]>[
    ['Profile', '/account/profile'],
    ['Custom URL', '/account/url'],
    ['Change password', '/account/password'],
    ['Notifications', '/account/notifications'],
  ]) {
    await expect(hub.getByRole('link', { name })).toHaveAttribute('href', href)
  }
  expect(await hub.getByRole('listitem').count()).toBeLessThanOrEqual(8)
  await expect(page).toHaveTitle(/Account/)
})

test('password: a wrong current password is refused on its field; the change signs out the other devices', async ({ page, request }) => {
  const { token, email } = await readyUser(request)
  const other = await request.post('/api/auth', { data: { email, password: PASSWORD } })
  const otherToken = (await other.json()).data.token as string
  await useToken(page, token)
  await page.goto('/account/password')
  const form = page.getByRole('form', { name: 'Change password' })
  await form.locator('input[name="oldpassword"]').fill('not my password!')
  await form.locator('input[name="newpassword"]').fill('Brand-new-1!')
  await form.locator('input[name="confirm_password"]').fill('Brand-new-2!')
  await form.locator('button[type="submit"]').click()
  await expect(form.getByText('Passwords do not match')).toBeVisible()
  await form.locator('input[name="confirm_password"]').fill('Brand-new-1!')
  await form.locator('input[name="confirm_password"]').blur()
  await expect(form.getByText('Passwords do not match')).toHaveCount(0)
  await form.locator('button[type="submit"]').click()
  await expect(form.getByText('Your current password is not correct')).toBeVisible()
  await expect(form.locator('input[name="oldpassword"]')).toHaveAttribute('aria-invalid', 'true')

  await form.locator('input[name="oldpassword"]').fill(PASSWORD)
  await form.locator('button[type="submit"]').click()
  await expect(notifications(page).getByText('Your password has been changed. Other devices have been signed out.')).toBeVisible()
  await expect(form.locator('input[name="oldpassword"]')).toHaveValue('')
  // This device goes on; the other one is signed out; the new password signs in.
  expect((await request.get('/api/user', { headers: api(token) })).status()).toBe(200)
  expect((await request.get('/api/user', { headers: api(otherToken) })).status()).toBe(401)
  expect((await request.post('/api/auth', { data: { email, password: 'Brand-new-1!' } })).status()).toBe(200)
})

test('profile: the name is saved; a new email needs the current password and goes to /signup/verify', async ({ page, request }) => {
  const { token } = await readyUser(request, { name: 'Old Name' })
  await useToken(page, token)
  await page.goto('/account/profile')
  const form = page.getByRole('form', { name: 'Profile' })
  await expect(form.locator('input[name="account_name"]')).toBeVisible() // the owner names the account
  await expect(form.locator('[name="default_account"]')).toHaveCount(0) // only one account
  await expect(form.locator('input[name="password"]')).toHaveCount(0) // asked only for a new address
  await form.locator('input[name="name"]').fill('New Name')
  await form.locator('button[type="submit"]').click()
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Your profile has been updated')
  await expect
    .poll(async () => ((await (await request.get('/api/user', { headers: api(token) })).json()) as { data: { name: string } }).data.name)
    .toBe('New Name')

  const newEmail = uniqueEmail('changed')
  await form.locator('input[name="email"]').fill(newEmail)
  const password = form.getByLabel('Current password')
  await expect(password).toBeVisible()
  await form.locator('button[type="submit"]').click()
  await expect(form.getByText('Please enter your current password')).toBeVisible()
  await password.fill('not my password!')
  await form.locator('button[type="submit"]').click()
  await expect(form.getByText('Your current password is not correct')).toBeVisible()
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await password.fill(PASSWORD)
  await form.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/signup\/verify$/)
  await mailedLink(request, newEmail, '/signup/verify')
})

test('email change: the old address gets a link that restores it in any browser, signed out; sign-in works with it again', async ({ page, request, browser }) => {
  const { token, email } = await readyUser(request)
  await useToken(page, token)
  await page.goto('/account/profile')
  const form = page.getByRole('form', { name: 'Profile' })
  await form.locator('input[name="email"]').fill(uniqueEmail('taken-over'))
  await form.getByLabel('Current password').fill(PASSWORD)
  await form.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/signup\/verify$/)

  const link = await mailedLink(request, email, '/email/revert')
  const other = await browser.newContext({ locale: 'en-US' })
  const fresh = await other.newPage()
  await fresh.goto(link)
  await expect(fresh.getByRole('heading', { name: 'Your email address is restored' })).toBeVisible()
  await expect(fresh.getByText(`Your account uses ${email} again, and every device has been signed out.`)).toBeVisible()
  await expect(fresh.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/forgotpassword')
  // The session that made the change is over too.
  expect((await request.get('/api/user', { headers: api(token) })).status()).toBe(401)

  await fresh.getByRole('link', { name: 'Sign in' }).click()
  await expect(fresh).toHaveURL(/\/signin$/)
  await signInWithPassword(fresh, email, PASSWORD)
  await expect(fresh).toHaveURL(/\/(dashboard|welcome)$/)

  // The link worked once.
  await fresh.goto(link)
  await expect(fresh.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible()
  await expect(fresh.getByText('This link is invalid or has expired')).toBeVisible()
  await other.close()
})

test('Danger Zone: closing needs the account name typed; then local data is cleared and the app goes to /signup', async ({ page, request }) => {
  const { token, email } = await readyUser(request, { name: 'Ada Reader' })
  // The server refuses a close without proof, whatever the client does.
  const bare = await request.delete('/api/account', { headers: api(token) })
  expect(bare.status()).toBe(400)
  expect(((await bare.json()) as { inputError: string }).inputError).toBe('confirm')

  await useToken(page, token)
  await page.goto('/account/profile')
  await page.getByRole('button', { name: 'Close account' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toBeVisible()
  const close = dialog.getByRole('button', { name: 'Close account' })
  const name = dialog.getByLabel('Type Ada Reader to confirm')
  await expect(name).toBeFocused()
  await expect(close).toBeDisabled()
  await name.fill('ada reader')
  await expect(close).toBeDisabled()
  await name.fill('Ada Reader')
  await expect(close).toBeEnabled()
  await close.click()
  await expect(page).toHaveURL(/\/signup$/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  expect((await request.get('/api/user', { headers: api(token) })).status()).toBe(401)
  // The address is free again.
  const again = await request.post('/api/account', { data: { name: 'Again', email, password: PASSWORD } })
  expect(again.status()).toBe(200)
})

test('notifications: "new sign-in" turned off on the screen stays off after a reload, and the server has it off', async ({ page, request }) => {
  const { token, email } = await readyUser(request)
  await useToken(page, token)
  await page.goto('/account/notifications')
  await expect(page).toHaveTitle(/Notifications/)
  const form = page.getByRole('form', { name: 'Notifications' })
  const newSignIn = form.getByRole('switch', { name: 'New sign-in' })
  await expect(newSignIn).toBeChecked()
  await expect(form.getByRole('switch', { name: 'Plan changes' })).toBeChecked()
  await expect(form.getByRole('switch', { name: 'Card changes' })).toBeChecked()
  await expect(form.getByRole('switch', { name: 'Accepted invites' })).toBeChecked()
  // Exactly the four notices the product sends are offered.
  await expect(form.getByRole('switch')).toHaveCount(4)

  await form.getByText('New sign-in', { exact: true }).click()
  await expect(newSignIn).not.toBeChecked()
  await form.locator('button[type="submit"]').click()
  await expect(notifications(page).getByText('Your notification settings have been saved')).toBeVisible()

  await page.reload()
  await expect(form.getByRole('switch', { name: 'Plan changes' })).toBeChecked()
  await expect(newSignIn).not.toBeChecked()
  const res = await request.get('/api/notification', { headers: api(token) })
  expect(((await res.json()) as { data: Record<string, boolean> }).data).toEqual({
    new_signin: false,
    plan_updated: true,
    card_updated: true,
    invite_accepted: true,
  })
  // And it does what it says: a sign-in now mails no notice.
  expect((await request.post('/api/auth', { data: { email, password: PASSWORD } })).status()).toBe(200)
  const outbox = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { data: { subject: string }[] }
  expect(outbox.data.map((m) => m.subject)).not.toContain('New sign-in to your TBR account')
})
