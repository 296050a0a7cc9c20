import { expect, test } from '@playwright/test'
import { notifications, readyUser, useToken } from './auth-helpers'

// spec §2 /help: the support-access switch (PATCH /api/user) and the message form (POST
// /api/utility/mail to SUPPORT_EMAIL, read back from the dev outbox); decisions §7 offline.
const SUPPORT_EMAIL = 'support@tbr.local'
const api = (token: string) => ({ authorization: `Bearer ${token}` })

test('support access switch and a message to support', async ({ page, request }) => {
  const { token, email } = await readyUser(request, { name: 'Help Seeker' })
  await useToken(page, token)
  await page.goto('/help')
  await expect(page.locator('main h1')).toHaveText('Help')

  const support = page.getByRole('switch')
  await expect(support).not.toBeChecked()
  await page.getByText('Support access is off').click()
  await expect(support).toBeChecked()
  await expect
    .poll(async () => ((await (await request.get('/api/user', { headers: api(token) })).json()) as { data: { support_enabled: boolean } }).data.support_enabled)
    .toBe(true)

  const form = page.getByRole('form', { name: 'Contact support' })
  await form.locator('button[type="submit"]').click()
  await expect(form.getByText('Please enter a message')).toBeVisible()
  const message = `My shelf is stuck ${Date.now()}`
  await form.locator('textarea[name="message"]').fill(message)
  await form.locator('button[type="submit"]').click()
  await expect(notifications(page)).toContainText('your message has been sent')
  await expect(form.locator('textarea[name="message"]')).toHaveValue('')
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(SUPPORT_EMAIL)}`)
      const mails = ((await res.json()) as { data: { subject: string; text: string }[] }).data
      return mails.find((m) => m.text.includes(message))
    })
    .toMatchObject({ subject: 'Support request from Help Seeker', text: expect.stringContaining(email) })

  // The storage estimate of this device.
  await expect(page.getByTestId('storage-usage')).toContainText(/of/)
  await expect(page.getByTestId('storage-persisted')).toHaveText(/Yes|No/)
})

test('offline, the message form says so and cannot be sent', async ({ page, request, context }) => {
  const { token } = await readyUser(request)
  await useToken(page, token)
  await page.goto('/help')
  const form = page.getByRole('form', { name: 'Contact support' })
  await expect(form.locator('button[type="submit"]')).toBeEnabled()
  await context.setOffline(true)
  await expect(form.getByText(/offline/)).toBeVisible()
  await expect(form.locator('button[type="submit"]')).toBeDisabled()
  await expect(page.getByRole('switch')).toBeDisabled()
  await context.setOffline(false)
  await expect(form.locator('button[type="submit"]')).toBeEnabled()
})
