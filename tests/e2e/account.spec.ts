import { expect, test } from '@playwright/test'
import { mailedLink, notifications, PASSWORD, readyUser, useToken } from './auth-helpers'

// spec §2 /account hub and /account/profile; §4 email change → /signup/verify; closing the
// account clears local data and goes to /signup.
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

test('profile: the name is saved; an email change goes to /signup/verify', async ({ page, request }) => {
  const { token } = await readyUser(request, { name: 'Old Name' })
  await useToken(page, token)
  await page.goto('/account/profile')
  const form = page.getByRole('form', { name: 'Profile' })
  await expect(form.locator('input[name="account_name"]')).toBeVisible() // the owner names the account
  await expect(form.locator('[name="default_account"]')).toHaveCount(0) // only one account
  await form.locator('input[name="name"]').fill('New Name')
  await form.locator('button[type="submit"]').click()
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Your profile has been updated')
  await expect
    .poll(async () => ((await (await request.get('/api/user', { headers: api(token) })).json()) as { data: { name: string } }).data.name)
    .toBe('New Name')

  const newEmail = `changed-${Date.now()}@example.com`
  await form.locator('input[name="email"]').fill(newEmail)
  await form.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/signup\/verify$/)
  await mailedLink(request, newEmail, '/signup/verify')
})

test('Danger Zone: the owner closes the account; local data is cleared and the app goes to /signup', async ({ page, request }) => {
  const { token, email } = await readyUser(request)
  await useToken(page, token)
  await page.goto('/account/profile')
  await page.getByRole('button', { name: 'Close account' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Close account' }).click()
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
  // Only the notices that can fire today are offered (card_updated, invite_accepted have no feature yet).
  await expect(form.getByRole('switch')).toHaveCount(2)

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
