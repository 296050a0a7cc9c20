import { expect, test, type APIRequestContext } from '@playwright/test'
import { notifications, readyUser, useToken } from './auth-helpers'
import { api, CARDS, fillCard, invoiceCount, longDate, payingOwner, subscription } from './billing-helpers'

// Billing when something goes wrong, through the screens (local provider): the failed-renewal
// mail and banner, invoices after the move to Free, the prorated upgrade with its confirmation,
// a cheaper plan scheduled with "Keep current plan", and plan features in Spanish.

const dev = async (request: APIRequestContext, token: string, path: string, data: unknown) =>
  expect((await request.post(path, { headers: api(token), data })).status()).toBe(200)

const outbox = async (request: APIRequestContext, email: string) =>
  ((await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { data: { subject: string; links: string[] }[] }).data

test('a failed renewal mails the owner a link to billing, which shows the banner', async ({ page, request }) => {
  const owner = await payingOwner(request, 'reader')
  await dev(request, owner.token, '/api/dev/card', { behaviour: 'decline' })
  await dev(request, owner.token, '/api/dev/clock', { days: 31 })
  const mail = (await outbox(request, owner.email)).find((m) => m.subject === 'Your latest payment failed')
  expect(mail).toBeDefined()
  const link = new URL(mail!.links[0]!)
  expect(link.pathname).toBe('/account/billing')
  await useToken(page, owner.token)
  await page.goto(link.pathname)
  await expect(page.getByTestId('billing-banner')).toContainText('Your latest payment failed')
  // One heading names the screen.
  await expect(page.getByRole('heading', { name: 'Billing', exact: true })).toHaveCount(1)
})

test('after the move to Free the Invoices tab stays, with the paid invoice', async ({ page, request }) => {
  const owner = await payingOwner(request, 'reader')
  expect((await request.patch('/api/account/plan', { headers: api(owner.token), data: { plan: 'free' } })).status()).toBe(200)
  await dev(request, owner.token, '/api/dev/clock', { days: 31 })
  await useToken(page, owner.token)
  await page.goto('/account/billing')
  await expect(page.getByTestId('billing-plan')).toContainText('Free')
  await expect(page.getByRole('tab', { name: 'Card' })).toHaveCount(0)
  await page.getByRole('tab', { name: 'Invoices' }).click()
  await expect(page.getByRole('tabpanel', { name: 'Invoices' }).getByRole('row')).toHaveCount(2) // header + one invoice
})

test('Reader → Book Club: the confirmation names the prorated amount, which is invoiced at once', async ({ page, request }) => {
  const owner = await payingOwner(request, 'reader')
  await dev(request, owner.token, '/api/dev/clock', { days: 10 })
  const before = await invoiceCount(request, owner.token)
  await useToken(page, owner.token)
  await page.goto('/account/billing')
  const form = page.getByRole('form', { name: 'Change plan' })
  await form.getByRole('radio', { name: /Book Club/ }).check({ force: true })
  await form.locator('button[type="submit"]').click()
  const dialog = page.getByRole('alertdialog', { name: 'Change to Book Club?' })
  const summary = dialog.getByTestId('change-plan-summary')
  await expect(summary).toContainText('now for the rest of this billing period')
  const amount = (await summary.locator('span').first().textContent())!
  expect(amount).toMatch(/^\$\d+\.\d\d$/)
  expect(await invoiceCount(request, owner.token)).toBe(before)
  await dialog.locator('button[type="submit"]').click()
  await expect(notifications(page).getByText(`Your plan is now Book Club. ${amount} was charged`)).toBeVisible()
  await expect(page.getByTestId('billing-plan')).toContainText('Book Club')
  const invoices = ((await (await request.get('/api/account/invoice', { headers: api(owner.token) })).json()) as { data: { total: number }[] }).data
  expect(invoices).toHaveLength(before + 1)
  expect(`$${invoices[0]!.total.toFixed(2)}`).toBe(amount)
  // On the top plan there is nothing to upgrade to: the account menu drops Upgrade.
  await expect(page.getByRole('link', { name: 'Upgrade', exact: true })).toHaveCount(0)
})

test('Book Club → Reader waits for the renewal, shows its date on billing and /plans, and can be kept', async ({ page, request }) => {
  const owner = await payingOwner(request, 'club')
  const end = longDate((await subscription(request, owner.token)).object!.current_period_end)
  await useToken(page, owner.token)
  await page.goto('/account/billing')
  const form = page.getByRole('form', { name: 'Change plan' })
  await form.getByRole('radio', { name: /Reader/ }).check({ force: true })
  await form.locator('button[type="submit"]').click()
  const dialog = page.getByRole('alertdialog', { name: 'Change to Reader?' })
  await expect(dialog.getByTestId('change-plan-summary')).toContainText(`Your plan changes to Reader on ${end}`)
  await dialog.locator('button[type="submit"]').click()
  const ending = page.getByTestId('plan-ending')
  await expect(ending).toContainText(`from Book Club to Reader on ${end}`)
  await expect(page.getByTestId('billing-plan')).toContainText('Book Club')
  await expect(page.getByRole('button', { name: 'Switch to Free…' })).toHaveCount(0)

  await page.goto('/plans')
  await expect(page.getByTestId('plan-ending')).toContainText(end)
  await expect(page.getByTestId('scheduled-plan-note')).toContainText(end)
  // Free is offered only with the date it would start.
  await expect(page.getByRole('link', { name: 'Switch to Free', exact: true })).toHaveCount(0)
  await expect(page.getByRole('link', { name: `Switch to Free on ${end}` })).toBeVisible()
  await page.getByRole('button', { name: 'Keep current plan' }).click()
  await expect(page.getByTestId('plan-ending')).toHaveCount(0)
  expect((await subscription(request, owner.token)).object).toMatchObject({ cancel_at_period_end: false })
})

test('in Spanish, /plans shows the features in Spanish', async ({ page, request }) => {
  const owner = await readyUser(request, { lang: 'es' })
  expect((await request.patch('/api/user', { headers: api(owner.token), data: { locale: 'es' } })).status()).toBe(200)
  await useToken(page, owner.token)
  await page.goto('/plans')
  const plans = page.getByRole('list', { name: 'Planes' })
  await expect(plans).toContainText('Miembros del equipo')
  await expect(plans).toContainText('URL personalizada')
  await expect(plans).not.toContainText('Team members')
})

test('the local provider’s 3-D Secure step never loads js.stripe.com', async ({ page, request }) => {
  const stripe: string[] = []
  await page.route(/stripe\.com/, (route) => {
    stripe.push(route.request().url())
    return route.abort()
  })
  const owner = await readyUser(request)
  await useToken(page, owner.token)
  await page.goto('/account/upgrade?plan=club')
  const form = page.getByRole('form', { name: 'Upgrade your plan' })
  await fillCard(form, CARDS.authenticate)
  await form.locator('button[type="submit"]').click()
  const bank = page.getByRole('alertdialog')
  await bank.getByRole('button', { name: 'Complete authentication' }).click()
  await expect(notifications(page).getByText('Your plan has been updated')).toBeVisible()
  expect(stripe).toEqual([])
})
