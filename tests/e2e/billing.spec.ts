import { expect, test, type Page } from '@playwright/test'
import { notifications, readyUser, useToken } from './auth-helpers'
import { api, CARDS, fillCard, invoiceCount, longDate, payingOwner, subscription } from './billing-helpers'

// Billing with the local provider: upgrade with 4242 → /dashboard after 2.5 s
// and the plan shown; 3155 through the 3-D Secure dialog (complete and fail); 0002's
// decline on the card field; downgrade shows the end date; a failed renewal puts the banner up
// and the subscription redirect in force until the card is replaced.

const upgradeForm = (page: Page) => page.getByRole('form', { name: 'Upgrade your plan' })

async function openUpgrade(page: Page, token: string) {
  await useToken(page, token)
  await page.goto('/account/upgrade?plan=club')
  const form = upgradeForm(page)
  // The 402 handler's `plan` preselects the plan; free is not offered.
  await expect(form.getByRole('radio', { name: /Book Club/ })).toBeChecked()
  await expect(form.getByRole('radio', { name: /Free/ })).toHaveCount(0)
  return form
}

/**
 * Records, in the page's own clock, when the upgrade call's answer arrived and when the app went
 * to /dashboard (the test's clock would add Playwright's polling to the gap).
 */
async function timeUpgradeRedirect(page: Page) {
  await page.addInitScript(() => {
    const times: { answered?: number; dashboard?: number } = {}
    Object.assign(window, { __upgradeTimes: times })
    const fetch = window.fetch.bind(window)
    window.fetch = async (input, init) => {
      const response = await fetch(input, init)
      const url = input instanceof Request ? input.url : String(input)
      if (url.includes('/api/account/upgrade') && response.ok) times.answered = performance.now()
      return response
    }
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history)
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args)
        if (location.pathname === '/dashboard') times.dashboard ??= performance.now()
      }
    }
  })
  return () =>
    page.evaluate(
      () => (window as unknown as { __upgradeTimes: { answered: number; dashboard: number } }).__upgradeTimes,
    )
}

test('upgrade with 4242: a success toast, /dashboard 2.5 s later, and the plan shown there', async ({
  page,
  request,
}) => {
  const { token } = await readyUser(request)
  const times = await timeUpgradeRedirect(page)
  const form = await openUpgrade(page, token)
  await fillCard(form, CARDS.ok)
  await form.locator('button[type="submit"]').click()
  await expect(notifications(page).getByText('Your plan has been updated')).toBeVisible()
  await expect(page.getByText('Your plan is now Book Club. Taking you to your dashboard…')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard$/)
  // 2.5 s after the upgrade's answer, not before.
  const { answered, dashboard } = await times()
  expect(dashboard - answered).toBeGreaterThanOrEqual(2_500)
  await expect(page.getByTestId('current-plan')).toHaveText('Book Club')
  expect((await subscription(request, token)).status).toBe('active')
})

test('3155 asks the bank: completing the authentication upgrades', async ({ page, request }) => {
  const { token } = await readyUser(request)
  const form = await openUpgrade(page, token)
  await fillCard(form, CARDS.authenticate)
  await form.locator('button[type="submit"]').click()
  const challenge = page.getByRole('alertdialog', { name: 'Confirm this payment with your bank' })
  await expect(challenge).toBeVisible()
  // Nothing is charged while the bank waits.
  expect(await invoiceCount(request, token)).toBe(0)
  await challenge.getByRole('button', { name: 'Complete authentication' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId('current-plan')).toHaveText('Book Club')
  expect(await invoiceCount(request, token)).toBe(1)
})

test('3155 asks the bank: a failed authentication is an error on the card field and nothing is charged', async ({
  page,
  request,
}) => {
  const { token } = await readyUser(request)
  const form = await openUpgrade(page, token)
  await fillCard(form, CARDS.authenticate)
  await form.locator('button[type="submit"]').click()
  const challenge = page.getByRole('alertdialog', { name: 'Confirm this payment with your bank' })
  await challenge.getByRole('button', { name: 'Fail authentication' }).click()
  await expect(challenge).toBeHidden()
  await expect(form.locator('[data-field="token"]')).toHaveText(
    'Your bank did not authorise the payment. Nothing was charged.',
  )
  await expect(form.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/account\/upgrade/)
  expect(await invoiceCount(request, token)).toBe(0)
  expect((await subscription(request, token)).object).toBeNull()
})

test('0002 is declined: the reason is on the card field and the plan stays', async ({ page, request }) => {
  const { token } = await readyUser(request)
  const form = await openUpgrade(page, token)
  await fillCard(form, CARDS.declined)
  await form.locator('button[type="submit"]').click()
  await expect(form.locator('[data-field="token"]')).toContainText('declined')
  await expect(page).toHaveURL(/\/account\/upgrade/)
  expect((await subscription(request, token)).object).toBeNull()
  // Another card goes through from the same form.
  await fillCard(form, CARDS.ok)
  await form.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('downgrade to free: the confirmation shows the end date, and the plan tab says when it ends', async ({
  page,
  request,
}) => {
  const { token } = await payingOwner(request)
  const end = longDate((await subscription(request, token)).object!.current_period_end)
  await useToken(page, token)
  await page.goto('/account/billing')
  await expect(page.getByRole('tab', { name: 'Card' })).toBeVisible()
  await expect(page.getByTestId('billing-plan')).toContainText('Book Club')
  await page.getByRole('button', { name: 'Switch to Free…' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Switch to Free?' })
  await expect(dialog.getByTestId('downgrade-end-date')).toContainText(`ends on ${end}`)
  await dialog.locator('button[type="submit"]').click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('plan-ending')).toContainText(end)
  await expect(page.getByTestId('billing-period-end')).toHaveText(end)
  const after = await subscription(request, token)
  expect(after.object?.cancel_at_period_end).toBe(true)
  expect(after.status).toBe('active') // features kept until then
})

test('a failed renewal: banner and redirect to /account/billing until the card is replaced', async ({
  page,
  request,
}) => {
  const { token } = await payingOwner(request)
  expect((await request.post('/api/dev/card', { data: { behaviour: 'decline' }, headers: api(token) })).status()).toBe(
    200,
  )
  expect((await request.post('/api/dev/clock', { data: { days: 31 }, headers: api(token) })).status()).toBe(200)
  const pastDue = await subscription(request, token)
  expect(pastDue.status).toBe('past_due')

  await useToken(page, token)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/account\/billing$/)
  const banner = page.getByTestId('billing-banner')
  await expect(banner).toContainText('Your latest payment failed')
  // The redirect holds for the rest of the app; the exempt pages stay reachable.
  await page.goto('/books')
  await expect(page).toHaveURL(/\/account\/billing$/)
  await page.goto('/account/profile')
  await expect(page.getByRole('form', { name: 'Profile' })).toBeVisible()

  await page.goto('/account/billing')
  // The plan tab does not promise a renewal that failed: it says since when payment is due.
  const periodEnd = page.getByTestId('billing-period-end')
  await expect(periodEnd).toHaveText(longDate(pastDue.object!.current_period_start))
  await expect(page.getByText('Payment due since')).toBeVisible()
  await expect(page.getByText('Renews on')).toHaveCount(0)
  // No plan change is offered while the payment fails (the server would refuse it): the tab
  // says to update the card first, and its button opens the Card tab.
  const planTab = page.getByRole('tabpanel', { name: 'Plan' })
  await expect(planTab.getByText('update your card first, then change your plan')).toBeVisible()
  await expect(planTab.getByRole('button', { name: 'Change plan…' })).toHaveCount(0)
  await planTab.getByRole('button', { name: 'Replace card' }).click()
  await expect(page.getByRole('tab', { name: 'Card' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('tab', { name: 'Plan' }).click()
  await banner.getByRole('button', { name: 'Replace card' }).click()
  const form = page.getByRole('form', { name: 'Replace card' })
  await expect(page.getByRole('region', { name: 'Payment card' })).toContainText('4242')
  await fillCard(form, CARDS.ok)
  await form.locator('button[type="submit"]').click()
  await expect(notifications(page).getByText('Your card has been updated')).toBeVisible()
  await expect(banner).toBeHidden()
  expect((await subscription(request, token)).status).toBe('active')
  await page.getByRole('tab', { name: 'Plan' }).click()
  await expect(page.getByText('Renews on')).toBeVisible()
  await expect(periodEnd).toHaveText(longDate(pastDue.object!.current_period_end))
  await expect(planTab.getByRole('button', { name: 'Change plan…' })).toBeVisible()
  await page.goto('/books')
  await expect(page).toHaveURL(/\/books$/)
})

test('offline, every billing screen says so and cannot be sent', async ({ page, context, request }) => {
  const { token } = await payingOwner(request)
  await useToken(page, token)
  await page.goto('/account/billing')
  const planForm = page.getByRole('form', { name: 'Change plan' })
  await expect(planForm).toBeVisible()
  await context.setOffline(true)
  await expect(planForm).toContainText('offline')
  await expect(planForm.locator('button[type="submit"]')).toBeDisabled()
  await page.getByRole('tab', { name: 'Card' }).click()
  const cardForm = page.getByRole('form', { name: 'Replace card' })
  await expect(cardForm).toContainText('offline')
  await expect(cardForm.locator('button[type="submit"]')).toBeDisabled()
  await context.setOffline(false)

  for (const [path, form] of [
    ['/account/upgrade', 'Upgrade your plan'],
    ['/account/notifications', 'Notifications'],
  ] as const) {
    await page.goto(path)
    const shown = page.getByRole('form', { name: form })
    await expect(shown.locator('button[type="submit"]')).toBeEnabled()
    await context.setOffline(true)
    await expect(shown).toContainText('offline')
    await expect(shown.locator('button[type="submit"]')).toBeDisabled()
    await context.setOffline(false)
  }

  await page.goto('/plans')
  await expect(page.getByRole('list', { name: 'Plans' })).toBeVisible()
  await context.setOffline(true)
  await expect(page.getByTestId('billing-offline')).toContainText('offline')
  await context.setOffline(false)
})
