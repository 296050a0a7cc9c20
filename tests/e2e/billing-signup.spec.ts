import { expect, test } from '@playwright/test'
import { notifications, useToken } from './auth-helpers'
import { api, CARDS, fillCard, payingOwner, subscription, verifiedOwner } from './billing-helpers'

// Nothing here is about the service worker: each test's fresh context would precache the whole
// build (decision 51).
test.use({ serviceWorkers: 'block' })

// /signup/plan with paid plans and the card field (decision 34); choosing a plan goes on to
// /welcome. The notifications screen shows card_updated.

test('sign-up: a paid plan asks for a card, then the plan is on and the welcome steps follow', async ({
  page,
  request,
}) => {
  const { token } = await verifiedOwner(request)
  await useToken(page, token)
  await page.goto('/signup/plan')
  const form = page.getByRole('form', { name: 'Choose a plan' })
  await expect(form.locator('input[name="plan"][value="free"]')).toBeChecked()
  await expect(form.getByLabel('Card number')).toHaveCount(0)
  // A plan label is the name plus the currency symbol, price and /interval.
  await expect(form.getByRole('radio', { name: /Book Club/ }).locator('xpath=ancestor::label[1]')).toContainText(
    '$12/member/month',
  )
  await form.getByText('Book Club', { exact: true }).click()
  await expect(form.getByLabel('Card number')).toBeVisible()
  await form.locator('button[type="submit"]').click()
  await expect(form.locator('[data-field="token"]')).toHaveText('Please enter your card details')

  await fillCard(form, CARDS.ok)
  await form.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/welcome$/)
  await expect(notifications(page).getByText("You're on the Book Club plan")).toBeVisible()
  expect((await subscription(request, token)).status).toBe('active')
})

test('notifications: card changes can be turned off, and the setting is kept', async ({ page, request }) => {
  const { token } = await payingOwner(request)
  await useToken(page, token)
  await page.goto('/account/notifications')
  const form = page.getByRole('form', { name: 'Notifications' })
  const cardSwitch = form.getByRole('switch', { name: 'Card changes' })
  await expect(cardSwitch).toBeChecked()
  await expect(form.getByRole('switch', { name: 'Plan changes' })).toBeChecked()
  await cardSwitch.press('Space')
  await expect(cardSwitch).not.toBeChecked()
  await form.locator('button[type="submit"]').click()
  await expect
    .poll(
      async () =>
        (
          (await (await request.get('/api/notification', { headers: api(token) })).json()) as {
            data: Record<string, boolean>
          }
        ).data.card_updated,
    )
    .toBe(false)
})
