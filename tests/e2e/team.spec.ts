import { expect, test, type Browser, type Page } from '@playwright/test'
import { mailedLink, PASSWORD, pathOf, readyUser, uniqueEmail, useToken } from './auth-helpers'
import { api, payingOwner } from './billing-helpers'
import { controlledBySw, listedTitles } from './books-helpers'

// Teams (decision 37): an owner invites two people (one new, one with a user), both accept from the
// mailed links (dev outbox), a role changes, one is removed and is signed out of that account on
// their next request, and the switcher moves between accounts, each showing only its own books,
// online and after going offline.

test.describe.configure({ timeout: 180_000 })

async function openAs(browser: Browser, token?: string): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  if (token) await useToken(page, token)
  return page
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text })

async function rowAction(page: Page, who: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${who}` }).click()
  await page.getByRole('menuitem', { name: action }).click()
}

async function switchTo(page: Page, account: string) {
  await page.getByRole('button', { name: 'User menu' }).filter({ visible: true }).click()
  await page.getByRole('menuitemradio', { name: account }).click()
}

test('invite → accept (new and existing person) → role change → remove → switch accounts', async ({ browser, request }) => {
  test.setTimeout(120_000) // three people, four browser contexts, a dozen screens
  const owner = await payingOwner(request)
  await request.patch('/api/user', { headers: api(owner.token), data: { account_name: 'Harbour Club' } })
  await request.post('/api/books', { headers: api(owner.token), data: { title: 'Club pick: Middlemarch' } })
  const existing = await readyUser(request, { name: 'Esme Existing' })
  await request.patch('/api/user', { headers: api(existing.token), data: { account_name: 'Esme Shelf' } })
  await request.post('/api/books', { headers: api(existing.token), data: { title: 'My own: Persuasion' } })
  const newEmail = uniqueEmail('newcomer')

  // The owner invites both from /account/users.
  const ownerPage = await openAs(browser, owner.token)
  await ownerPage.goto('/account/users')
  await ownerPage.getByRole('button', { name: 'Invite' }).click()
  const dialog = ownerPage.getByRole('dialog', { name: 'Invite people' })
  await dialog.locator('input[name="email"]').fill(`${newEmail}, ${existing.email}`)
  await dialog.locator('button[type="submit"]').click()
  await expect(dialog).toBeHidden()
  await expect(row(ownerPage, newEmail)).toContainText('Invited')
  await expect(row(ownerPage, existing.email)).toContainText('Invited')

  // A new person sets name and password from the mailed link and lands in the club.
  const newcomer = await openAs(browser)
  await newcomer.goto(pathOf(await mailedLink(request, newEmail, '/signup/user')))
  await expect(newcomer.getByRole('heading', { name: 'Join Harbour Club' })).toBeVisible()
  await expect(newcomer.locator('input[name="email"]')).toHaveValue(newEmail)
  await newcomer.locator('input[name="name"]').fill('Nell Newcomer')
  await newcomer.locator('input[name="password"]').fill(PASSWORD)
  await newcomer.locator('input[name="confirm_password"]').fill(PASSWORD)
  await newcomer.locator('button[type="submit"]').click()
  await expect(newcomer).toHaveURL(/\/(welcome|dashboard)/)
  await newcomer.goto('/books')
  await expect.poll(() => listedTitles(newcomer)).toEqual(['Club pick: Middlemarch'])

  // A person with a user, signed in, joins with one click; the club's books replace theirs.
  const esme = await openAs(browser, existing.token)
  await esme.goto(pathOf(await mailedLink(request, existing.email, '/signup/user')))
  await esme.getByRole('button', { name: 'Join Harbour Club' }).click()
  await expect(esme).toHaveURL(/\/(welcome|dashboard)/)
  await esme.goto('/books')
  await expect.poll(() => listedTitles(esme)).toEqual(['Club pick: Middlemarch'])

  // The owner is told (invite_accepted), and the table shows both as members.
  await expect
    .poll(async () => ((await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(owner.email)}`)).json()) as { data: { subject: string }[] }).data.map((m) => m.subject))
    .toContain(`Nell Newcomer <${newEmail}> joined Harbour Club`)
  await ownerPage.reload()
  await expect(row(ownerPage, 'Nell Newcomer')).toContainText('Verified')
  await expect(row(ownerPage, 'Esme Existing')).toContainText('User')
  await expect(ownerPage.getByRole('button', { name: /Actions for Ada Reader/ })).toHaveCount(0)

  // Role change: Esme becomes an admin.
  await rowAction(ownerPage, 'Esme Existing', 'Edit')
  const roleDialog = ownerPage.getByRole('dialog')
  await roleDialog.getByRole('combobox', { name: 'Role' }).click()
  await ownerPage.getByRole('option', { name: 'Admin' }).click()
  await roleDialog.locator('button[type="submit"]').click()
  await expect(row(ownerPage, 'Esme Existing')).toContainText('Admin')

  // Nell, made a developer, makes an API key for the club.
  const members = (await (await request.get('/api/account/users', { headers: api(owner.token) })).json()) as { data: { users: { id: string; name: string }[] } }
  const nellId = members.data.users.find((u) => u.name === 'Nell Newcomer')!.id
  await request.patch(`/api/account/users/${nellId}`, { headers: api(owner.token), data: { permission: 'developer' } })
  const nellToken = (await (await request.post('/api/auth', { data: { email: newEmail, password: PASSWORD } })).json()).data.token
  const key = await request.post('/api/key', { headers: api(nellToken), data: { name: 'Nell’s script', scope: ['books.read'] } })
  expect(key.status()).toBe(200)
  const nellKey = (await key.json()).data.full_key as string
  expect((await request.get('/api/books', { headers: api(nellKey) })).status()).toBe(200)

  // Removal: the confirmation says her keys go too; she is signed out of the club on her next
  // request, the toast counts the revoked key, and the key no longer works.
  await ownerPage.reload()
  await rowAction(ownerPage, 'Nell Newcomer', 'Delete')
  const confirm = ownerPage.getByRole('alertdialog')
  await expect(confirm).toContainText('Remove Nell Newcomer from this account?')
  await expect(confirm).toContainText('the API keys they created here are revoked')
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expect(ownerPage.getByText('Nell Newcomer was removed from the account and 1 API key they created was revoked')).toBeVisible()
  await expect(row(ownerPage, 'Nell Newcomer')).toHaveCount(0)
  expect((await request.get('/api/books', { headers: api(nellKey) })).status()).toBe(401)
  await newcomer.reload()
  await expect(newcomer).toHaveURL(/\/signin/)

  // Esme switches to her own account: only her books, online and then offline.
  await switchTo(esme, 'Esme Shelf')
  await expect(esme).toHaveURL(/\/(welcome|dashboard)/)
  await esme.goto('/books')
  await expect.poll(() => listedTitles(esme)).toEqual(['My own: Persuasion'])
  // Offline, the screens' code comes from the service worker: it must hold the page first (on a
  // busy machine it may still be installing when the switch is done).
  await controlledBySw(esme)
  await esme.context().setOffline(true)
  await esme.getByRole('link', { name: 'Dashboard' }).filter({ visible: true }).first().click()
  await esme.getByRole('link', { name: 'Books' }).filter({ visible: true }).first().click()
  await expect.poll(() => listedTitles(esme)).toEqual(['My own: Persuasion'])
  await esme.context().setOffline(false)

  // And back to the club: only the club's books, now as its admin.
  await switchTo(esme, 'Harbour Club')
  await expect(esme).toHaveURL(/\/(welcome|dashboard)/)
  await esme.goto('/books')
  await expect.poll(() => listedTitles(esme)).toEqual(['Club pick: Middlemarch'])
  await controlledBySw(esme)
  await esme.context().setOffline(true)
  await esme.getByRole('link', { name: 'Dashboard' }).filter({ visible: true }).first().click()
  await esme.getByRole('link', { name: 'Books' }).filter({ visible: true }).first().click()
  await expect.poll(() => listedTitles(esme)).toEqual(['Club pick: Middlemarch'])
})

test('an expired, used or withdrawn invite says so and offers nothing else', async ({ page, request }) => {
  const owner = await payingOwner(request)
  const email = uniqueEmail('withdrawn')
  const sent = await request.post('/api/invite', { headers: api(owner.token), data: { email, permission: 'user' } })
  const [invite] = ((await sent.json()) as { data: { id: string }[] }).data
  const link = pathOf(await mailedLink(request, email, '/signup/user'))
  expect((await request.delete(`/api/invite/${invite!.id}`, { headers: api(owner.token) })).status()).toBe(200)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'This invite cannot be used' })).toBeVisible()
  await expect(page.getByText('This invite was withdrawn.')).toBeVisible()
  await expect(page.locator('form')).toHaveCount(0)
})

test('on a phone each row shows the address, role and status, and its menu is in view', async ({ browser, request }) => {
  const owner = await payingOwner(request)
  const invited = uniqueEmail('phone-invite')
  expect((await request.post('/api/invite', { headers: api(owner.token), data: { email: invited, permission: 'user' } })).status()).toBe(200)
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })
  const page = await context.newPage()
  await useToken(page, owner.token)
  await page.goto('/account/users')
  const invite = row(page, invited)
  await expect(invite).toContainText('User')
  await expect(invite).toContainText('Invited')
  // The menu is reached without scrolling the table sideways, and it works.
  const menu = page.getByRole('button', { name: `Actions for ${invited}` })
  await expect(menu).toBeInViewport({ ratio: 1 })
  await menu.click()
  await expect(page.getByRole('menuitem', { name: 'Resend invite' })).toBeVisible()
  // Nothing in the table runs past its frame.
  const table = page.getByRole('table', { name: 'Users' })
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true)
  await context.close()
})

test('joining while signed in: a read refused for the replaced session in the meantime does not sign the person out', async ({ browser, request }) => {
  const owner = await payingOwner(request)
  await request.patch('/api/user', { headers: api(owner.token), data: { account_name: 'Handover Club' } })
  await request.post('/api/books', { headers: api(owner.token), data: { title: 'Club pick: Emma' } })
  const joiner = await readyUser(request, { name: 'Jo Joiner' })
  await request.post('/api/invite', { headers: api(owner.token), data: { email: joiner.email, permission: 'user' } })
  const page = await openAs(browser, joiner.token)
  await page.goto(pathOf(await mailedLink(request, joiner.email, '/signup/user')))
  // The server ends the old session before it answers the join. The answer is held back until
  // a sync run made with the old token has been refused, as happens when one starts in that gap.
  // (The wait starts before the server is asked: a run already going may be refused at once,
  // and the engine then sends nothing more with that token.)
  await page.route('**/api/invite/accept', async (route) => {
    // A pull asks for books, the user and goals at once: whichever is refused first pauses the engine.
    const pull = ['/api/books', '/api/user', '/api/goals']
    const refused = page.waitForResponse((r) => pull.includes(new URL(r.url()).pathname) && r.status() === 401)
    const answer = await route.fetch()
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    await refused
    await route.fulfill({ response: answer })
  })
  await page.getByRole('button', { name: 'Join Handover Club' }).click()
  await expect(page).toHaveURL(/\/(welcome|dashboard)/)
  await page.goto('/books')
  await expect.poll(() => listedTitles(page)).toEqual(['Club pick: Emma'])
  await expect(page).toHaveURL(/\/books/)
})
