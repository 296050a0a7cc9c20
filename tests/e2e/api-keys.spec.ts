import { expect, test } from '@playwright/test'
import { baseURL } from '../playwright.config'
import { useToken } from './auth-helpers'
import { api, payingOwner } from './billing-helpers'
import { bookRow } from './books-helpers'

// /account/apikeys: a developer creates a key, copies
// it, a script uses it with a plain fetch to add a book, the app's list shows that book after
// sync, the key is revoked, and the script's next call is refused.

test('create a key, copy it, add a book with it, see it in the list, revoke it, get 401', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { token } = await payingOwner(request, 'club')
  await useToken(page, token)

  await page.goto('/account/apikeys')
  await expect(page.getByTestId('keys-blank-slate')).toBeVisible()
  await expect(page.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/account/apikeys/docs')
  await page.getByRole('button', { name: 'Create your first key' }).click()

  await expect(page).toHaveURL(/\/account\/apikeys\/create$/)
  const form = page.getByRole('form', { name: 'New API key' })
  await form.locator('input[name="name"]').fill('Reading shortcut')
  await expect(form.getByRole('checkbox', { name: /Read books/ })).toBeChecked()
  // Ark's checkbox: a person clicks its label (the native input is visually hidden).
  await form.getByText('Add, change and delete books').click()
  await expect(form.getByRole('checkbox', { name: /Add, change and delete books/ })).toBeChecked()
  await form.locator('button[type="submit"]').click()

  await expect(page.getByText('You will not see this key again')).toBeVisible()
  const field = page.locator('input[name="full_key"]')
  const fullKey = await field.inputValue()
  expect(fullKey).toMatch(/^tbr_[0-9A-Za-z]{38}$/)
  await page.getByRole('button', { name: 'Copy the API key' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeAttached()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fullKey)

  // A script, not the app: Node's fetch with the copied key.
  const script = (path: string, init: RequestInit = {}) =>
    fetch(`${baseURL}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${fullKey}`, 'content-type': 'application/json', ...init.headers },
    })
  const added = await script('/api/books', {
    method: 'POST',
    body: JSON.stringify({ title: 'Sea of Tranquility', author: 'Emily St. John Mandel' }),
  })
  expect(added.status).toBe(201)
  expect(added.headers.get('ratelimit-limit')).toBeTruthy()

  await page.goto('/books')
  await expect(bookRow(page, 'Sea of Tranquility')).toBeVisible()

  await page.goto('/account/apikeys')
  const table = page.getByRole('table', { name: 'API keys' })
  await expect(table.getByRole('row', { name: /Reading shortcut/ })).toContainText(
    `${fullKey.slice(0, 8)}…${fullKey.slice(-4)}`,
  )
  await expect(table).not.toContainText(fullKey)
  await page.getByRole('button', { name: 'Actions for Reading shortcut' }).click()
  await page.getByRole('menuitem', { name: 'Revoke' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('Revoke “Reading shortcut”?')
  await confirm.getByRole('button', { name: 'Revoke' }).click()
  await expect(table.getByRole('row', { name: /Reading shortcut/ })).toContainText('Revoked')
  // It was used (the script's call): its last use is a time, not "Never".
  await expect(table.getByRole('row', { name: /Reading shortcut/ })).not.toContainText('Never')

  const refused = await script('/api/books')
  expect(refused.status).toBe(401)
})

test('an unknown key id on the edit screen goes to /404; offline, the key screens say so and cannot submit', async ({
  page,
  context,
  request,
}) => {
  const { token } = await payingOwner(request, 'club')
  const created = await request.post('/api/key', {
    data: { name: 'Blog widget', scope: ['account.read'] },
    headers: api(token),
  })
  expect(created.status()).toBe(200)
  const { id } = ((await created.json()) as { data: { id: string } }).data
  await useToken(page, token)

  await page.goto(`/account/apikeys/edit?id=${id}`)
  const form = page.getByRole('form', { name: 'Edit API key' })
  await expect(form.locator('input[name="name"]')).toHaveValue('Blog widget')
  await expect(form.getByRole('checkbox', { name: /Read account usage/ })).toBeChecked()
  await form.locator('input[name="name"]').fill('Blog sidebar')
  await form.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/account\/apikeys$/)
  await expect(page.getByRole('table', { name: 'API keys' })).toContainText('Blog sidebar')

  await page.goto('/account/apikeys/edit?id=00000000-0000-4000-8000-000000000000')
  await expect(page).toHaveURL(/\/404$/)

  await page.goto('/account/apikeys/create')
  await expect(page.getByRole('form', { name: 'New API key' })).toBeVisible()
  await context.setOffline(true)
  await expect(page.getByText(/offline/i).first()).toBeVisible()
  await expect(page.locator('button[type="submit"]')).toBeDisabled()
  await context.setOffline(false)
})

test('past the creation limit the form says so (429); keys never used say "Never"', async ({ page, request }) => {
  const { token } = await payingOwner(request, 'club')
  // The server's default KEY_CREATE_LIMIT (20 per 15 minutes), made by a script.
  for (let i = 1; i <= 20; i++) {
    const res = await request.post('/api/key', {
      data: { name: `Script key ${i}`, scope: ['books.read'] },
      headers: api(token),
    })
    expect(res.status()).toBe(200)
  }
  await useToken(page, token)

  await page.goto('/account/apikeys')
  const row = page
    .getByRole('table', { name: 'API keys' })
    .getByRole('row', { name: /Script key 1\b/ })
    .first()
  await expect(row).toContainText('Never')

  await page.goto('/account/apikeys/create')
  const form = page.getByRole('form', { name: 'New API key' })
  await form.locator('input[name="name"]').fill('One too many')
  await form.locator('button[type="submit"]').click()
  const alert = form.getByTestId('form-error')
  await expect(alert).toContainText('The key was not created')
  await expect(alert).toContainText(/Too many attempts.*minutes/)
  // Nothing was created: the form stays, with what was typed, and no key is shown.
  await expect(form.locator('input[name="name"]')).toHaveValue('One too many')
  await expect(page.locator('input[name="full_key"]')).toHaveCount(0)
})

test('on a phone the keys table fits the screen: name with its key, state and last use, and the row menu, no sideways scrolling', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const { token } = await payingOwner(request, 'club')
  for (const name of ['Reading shortcut', 'Blog widget']) {
    expect((await request.post('/api/key', { data: { name, scope: ['books.read'] }, headers: api(token) })).status()).toBe(200)
  }
  await useToken(page, token)
  await page.goto('/account/apikeys')
  const table = page.getByRole('table', { name: 'API keys' })
  await expect(table.getByRole('columnheader', { name: 'Key' })).toBeHidden()
  await expect(table.getByRole('columnheader', { name: 'Last used' })).toBeHidden()
  // What those columns say is written under the name instead.
  const row = table.getByRole('row').filter({ hasText: 'Blog widget' })
  await expect(row).toContainText('Active')
  await expect(row).toContainText(/Key: tbr_/)
  await expect(row).toContainText('Last used: Never')
  const menu = table.getByRole('button', { name: 'Actions for Blog widget' })
  await expect(menu).toBeInViewport({ ratio: 1 })
  const overflow = await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  // The key's prefix is one tap away in the row menu.
  await menu.click()
  await page.getByRole('menuitem', { name: 'Reveal' }).click()
  await expect(page.getByRole('dialog')).toContainText('tbr_')
})
