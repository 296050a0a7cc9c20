import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { readyUser, useToken } from './auth-helpers'

// Every auth and app screen passes axe's WCAG 2.1 A/AA rules (contrast included) in both themes.
async function expectAccessible(page: Page, label: string) {
  // Known issue: Ark UI's Steps list (the onboarding wizard) is a tablist whose items carry
  // aria-current, which axe reports as aria-required-children; everything else is scanned.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-scope="steps"][data-part="list"]')
    .analyze()
  expect(violations.map((v) => `${label}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
}

for (const scheme of ['light', 'dark'] as const) {
  test(`auth screens are accessible in ${scheme} mode`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme })
    for (const path of ['/signin', '/signup', '/forgotpassword', '/resetpassword?token=x', '/magic?token=x', '/404']) {
      await page.goto(path)
      await expect(page.locator('main h1')).toBeVisible()
      await expectAccessible(page, path)
    }
    // With validation errors and an error toast showing
    await page.goto('/signup?')
    await page.locator('button[type="submit"]').click()
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible()
    await expectAccessible(page, '/signup with errors')
    await page.goto('/signin?error=Something%20went%20wrong')
    await expect(page.getByRole('alert')).toBeVisible()
    await expectAccessible(page, '/signin with a toast')
  })

  test(`app screens are accessible in ${scheme} mode`, async ({ page, request }) => {
    const { token } = await readyUser(request)
    await request.patch('/api/user', { data: { dark_mode: scheme === 'dark' }, headers: { authorization: `Bearer ${token}` } })
    await useToken(page, token)
    for (const path of ['/welcome', '/dashboard']) {
      await page.goto(path)
      await expect(page.locator('main h1')).toBeVisible()
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
      await expectAccessible(page, path)
    }
  })
}
