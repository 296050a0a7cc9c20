import { expect, test } from '@playwright/test'
import { useToken } from './auth-helpers'
import { api, payingOwner } from './billing-helpers'
import { teamIn } from './billing-routes'

// Screenshots of the screens billing trouble changed (not assertions of pixels): SHOTS=<dir>
// writes PNGs at 390 px and 1280 px, light and dark, en and es: the change-plan confirmation,
// a scheduled change on the Plan tab and /plans, and a member's billing and upgrade notices.
const dir = process.env.SHOTS
test.skip(!dir, 'set SHOTS=<dir> to take screenshots')

const combos = [390, 1280].flatMap((width) =>
  (['light', 'dark'] as const).flatMap((scheme) => (['en', 'es'] as const).map((lang) => ({ width, scheme, lang }))),
)

for (const { width, scheme, lang } of combos) {
  test(`billing trouble screens ${width}px ${scheme} ${lang}`, async ({ page, request }) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    await page.emulateMedia({ colorScheme: scheme })
    const shot = (name: string) => page.screenshot({ path: `${dir}/trouble-${name}-${width}-${scheme}-${lang}.png`, fullPage: true })
    const prefs = { dark_mode: scheme === 'dark', locale: lang }

    const owner = await payingOwner(request, 'reader', { lang })
    await request.patch('/api/user', { data: prefs, headers: api(owner.token) })
    await useToken(page, owner.token)
    await page.goto('/account/billing')
    const form = page.locator('form').first()
    await form.locator('input[name="plan"][value="club"]').check({ force: true })
    await form.locator('button[type="submit"]').click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    await page.waitForTimeout(400)
    await shot('change-dialog')

    await page.keyboard.press('Escape')
    await request.patch('/api/account/plan', { data: { plan: 'club' }, headers: api(owner.token) })
    await request.patch('/api/account/plan', { data: { plan: 'reader' }, headers: api(owner.token) })
    await page.goto('/account/billing')
    await expect(page.getByTestId('plan-ending')).toBeVisible()
    await shot('scheduled-plan-tab')
    await page.goto('/plans')
    await expect(page.getByTestId('plan-ending')).toBeVisible()
    await shot('scheduled-plans')

    const team = await teamIn(request, 'past_due')
    await request.patch('/api/user', { data: prefs, headers: api(team.members.user.token) })
    const context = await page.context().browser()!.newContext({ colorScheme: scheme, viewport: { width, height: width < 600 ? 844 : 800 } })
    const member = await context.newPage()
    await useToken(member, team.members.user.token)
    await member.goto('/dashboard')
    await expect(member.getByTestId('member-billing-notice')).toBeVisible()
    await member.screenshot({ path: `${dir}/trouble-member-billing-${width}-${scheme}-${lang}.png`, fullPage: true })
    await member.goto('/account/upgrade?plan=club')
    await expect(member.getByTestId('member-upgrade-notice')).toBeVisible()
    await member.screenshot({ path: `${dir}/trouble-member-upgrade-${width}-${scheme}-${lang}.png`, fullPage: true })
    await context.close()
  })
}
