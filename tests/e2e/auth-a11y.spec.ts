import { expect, test } from '@playwright/test'
import { expectAccessible } from './a11y'
import { readyUser, useToken } from './auth-helpers'

// Nothing here is about the service worker: each test's fresh context would precache the whole
// build (decision 51).
test.use({ serviceWorkers: 'block' })

// Every auth and app screen passes axe's WCAG 2.1 A/AA rules (contrast included): every rule in
// light mode, and in dark mode (the same markup) the colour rules.

for (const scheme of ['light', 'dark'] as const) {
  test(`auth screens are accessible in ${scheme} mode`, async ({ page }) => {
    test.setTimeout(120_000) // nine screens, each scanned by axe
    await page.emulateMedia({ colorScheme: scheme })
    for (const path of ['/signin', '/signup', '/forgotpassword', '/resetpassword?token=x', '/magic?token=x', '/signin/otp?token=x', '/404']) {
      await page.goto(path)
      await expect(page.locator('main h1')).toBeVisible()
      await expectAccessible(page, path, { colorsOnly: scheme === 'dark' })
    }
    // With validation errors and an error toast showing
    await page.goto('/signup?')
    await page.locator('button[type="submit"]').click()
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible()
    await expectAccessible(page, '/signup with errors', { colorsOnly: scheme === 'dark' })
    await page.goto('/signin?error=Something%20went%20wrong')
    await expect(page.getByRole('alert')).toBeVisible()
    await expectAccessible(page, '/signin with a toast', { colorsOnly: scheme === 'dark' })
  })

  test(`app screens are accessible in ${scheme} mode`, async ({ page, request }) => {
    const { token } = await readyUser(request)
    await request.patch('/api/user', { data: { dark_mode: scheme === 'dark' }, headers: { authorization: `Bearer ${token}` } })
    await useToken(page, token)
    for (const path of ['/welcome', '/dashboard']) {
      await page.goto(path)
      await expect(page.locator('main h1')).toBeVisible()
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
      await expectAccessible(page, path, { colorsOnly: scheme === 'dark' })
    }
  })
}
