import { expect, test } from '@playwright/test'
import { readyUser, useToken } from './auth-helpers'

// The feedback widget on the signed-in screens: heart → face → comment → sent, and the
// panel closes 3000 ms after a successful submit.
test('a reader sends feedback from the heart button; the panel closes by itself', async ({ page, request }) => {
  const { token } = await readyUser(request, { name: 'Fiona Feedback' })
  await useToken(page, token)
  await page.goto('/dashboard')
  const heart = page.getByRole('button', { name: 'Send feedback' }).first()
  await heart.click()
  const faces = page.getByRole('group', { name: 'Your rating' })
  await expect(faces.getByRole('button')).toHaveCount(3)
  await faces.getByRole('button').first().click()
  await page.locator('textarea[name="comment"]').fill('Lovely offline list')
  await page.locator('form', { has: page.locator('textarea[name="comment"]') }).locator('button[type="submit"]').click()
  await expect(page.getByRole('status').filter({ hasText: /thank/i })).toBeVisible()
  await expect(faces).toBeHidden({ timeout: 6000 })
})
