import { expect, test } from '@playwright/test'
import { readyUser, useToken } from './auth-helpers'
import { expectAccessible } from './a11y'
import { api, CARDS, payingOwner } from './billing-helpers'

// Nothing here is about the service worker: each test's fresh context would precache the whole
// build (decision 51).
test.use({ serviceWorkers: 'block' })

// Billing screens by keyboard and with labels (architecture: every control reachable by keyboard
// and labelled), checked with axe (tests/e2e/a11y.ts) in light and dark mode.

test('upgrade by keyboard alone, through the bank dialog; Escape there leaves the card field saying why', async ({
  page,
  request,
}) => {
  const { token } = await readyUser(request)
  await useToken(page, token)
  await page.goto('/account/upgrade?plan=reader')
  const form = page.getByRole('form', { name: 'Upgrade your plan' })
  await expectAccessible(page, 'upgrade')
  // The plans are one radio group: arrows move the choice.
  const reader = form.getByRole('radio', { name: /Reader/ })
  await expect(reader).toBeChecked()
  await reader.focus()
  await page.keyboard.press('ArrowDown')
  await expect(form.getByRole('radio', { name: /Book Club/ })).toBeChecked()
  // Each part of the card has a name; Tab goes from one to the next, Enter sends.
  await form.getByLabel('Card number').focus()
  await page.keyboard.type(CARDS.authenticate.replaceAll(' ', ''))
  await page.keyboard.press('Tab')
  await expect(form.getByLabel('Expiry date (MM/YY)')).toBeFocused()
  await page.keyboard.type('1234')
  await page.keyboard.press('Tab')
  await expect(form.getByLabel('Security code (CVC)')).toBeFocused()
  await page.keyboard.type('123')
  await page.keyboard.press('Enter')

  const challenge = page.getByRole('alertdialog', { name: 'Confirm this payment with your bank' })
  await expect(challenge).toBeVisible()
  await expect(challenge.getByRole('button', { name: 'Fail authentication' })).toBeFocused()
  await expectAccessible(page, 'bank dialog')
  await page.keyboard.press('Escape')
  await expect(challenge).toBeHidden()
  await expect(form.locator('[data-field="token"]')).toHaveText('The payment was not authorised. Nothing was charged.')
})

for (const dark of [false, true]) {
  test(`plans and billing tabs are labelled and pass axe (${dark ? 'dark' : 'light'})`, async ({ page, request }) => {
    // Five axe passes and a dozen screens: its own time budget (as the auth journey has).
    test.setTimeout(120_000)
    const { token } = await payingOwner(request)
    await request.patch('/api/user', { data: { dark_mode: dark }, headers: api(token) })
    await useToken(page, token)

    await page.goto('/plans')
    await expect(page.getByRole('list', { name: 'Plans' }).getByText('Current plan')).toBeVisible()
    await expectAccessible(page, 'plans')

    await page.goto('/account/billing')
    const plan = page.getByRole('tab', { name: 'Plan' })
    await expect(plan).toHaveAttribute('aria-selected', 'true')
    await expectAccessible(page, 'billing plan tab')
    // Arrow keys move between the tabs (WAI-ARIA tabs).
    await plan.focus()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('tab', { name: 'Card' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('region', { name: 'Payment card' })).toContainText('4242')
    await expectAccessible(page, 'billing card tab')
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('tab', { name: 'Invoices' })).toHaveAttribute('aria-selected', 'true')
    const invoices = page.getByRole('table', { name: 'Invoices' })
    await expect(invoices.getByRole('button', { name: /^Download invoice .+ \(PDF\)$/ })).toHaveCount(1)
    await expectAccessible(page, 'billing invoices tab')

    // The PDF is fetched with the owner's token and saved.
    const download = page.waitForEvent('download')
    await invoices.getByRole('button', { name: /^Download invoice/ }).click()
    expect((await download).suggestedFilename()).toMatch(/^invoice-.+\.pdf$/)

    await page.getByRole('tab', { name: 'Plan' }).click()
    await page.getByRole('button', { name: 'Switch to Free…' }).click()
    await expect(page.getByRole('alertdialog', { name: 'Switch to Free?' })).toBeVisible()
    await expectAccessible(page, 'downgrade dialog')
  })
}
