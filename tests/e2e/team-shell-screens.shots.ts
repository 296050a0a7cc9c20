import { expect, test, type Page } from '@playwright/test'
import { mailedLink, pathOf, readyUser, useToken } from './auth-helpers'
import { api, payingOwner } from './billing-helpers'
import { teamIn } from './billing-routes'

// Screenshots (not assertions of pixels) of what the team-and-billing work changed and the other
// walkthroughs (team-screens, billing-trouble-screens) leave out: the current account's name in
// the shell of a person with two accounts, the owner's banner and Billing screen when a renewal
// failed or needs the bank, and the API reference. SHOTS=<dir> writes PNGs at 390 px and
// 1280 px, light and dark, en and es.
const dir = process.env.SHOTS
test.skip(!dir, 'set SHOTS=<dir> to take screenshots')

const combos = [390, 1280].flatMap((width) =>
  (['light', 'dark'] as const).flatMap((scheme) => (['en', 'es'] as const).map((lang) => ({ width, scheme, lang }))),
)

for (const { width, scheme, lang } of combos) {
  test(`team shell screens ${width}px ${scheme} ${lang}`, async ({ page, request }) => {
    test.setTimeout(240_000)
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    await page.emulateMedia({ colorScheme: scheme })
    const shot = (name: string) => page.screenshot({ path: `${dir}/shell-${name}-${width}-${scheme}-${lang}.png`, fullPage: true })
    const prefs = { dark_mode: scheme === 'dark', locale: lang }
    // A page of its own per person: a page keeps the first session it was given.
    const as = async (token: string): Promise<Page> => {
      const context = await page.context().browser()!.newContext({ colorScheme: scheme, viewport: { width, height: width < 600 ? 844 : 800 } })
      const other = await context.newPage()
      await useToken(other, token)
      return other
    }

    // A person with an account of their own who joins a team's.
    const owner = await payingOwner(request, 'club', { lang })
    await request.patch('/api/user', { headers: api(owner.token), data: { account_name: 'Harbour Readers' } })
    const existing = await readyUser(request, { name: 'Esme Existing', lang })
    await request.patch('/api/user', { headers: api(existing.token), data: { ...prefs, account_name: 'Esme Shelf', onboarded: true } })
    await request.post('/api/invite', { headers: api(owner.token), data: { email: existing.email, permission: 'user' } })
    await useToken(page, existing.token)
    await page.goto(pathOf(await mailedLink(request, existing.email, '/signup/user')))
    await page.getByRole('button', { name: /Harbour Readers/ }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByTestId('current-account').filter({ visible: true })).toHaveCount(1)
    await shot('two-accounts')
    if (width < 600) {
      await page.getByRole('banner').getByRole('button').first().click()
      await expect(page.getByRole('dialog').getByTestId('current-account')).toBeVisible()
      await shot('two-accounts-menu')
      await page.keyboard.press('Escape')
    }

    for (const status of ['past_due', 'requires_action'] as const) {
      const team = await teamIn(request, status)
      await request.patch('/api/user', { data: prefs, headers: api(team.owner.token) })
      const owner = await as(team.owner.token)
      await owner.goto('/account/billing')
      await expect(owner.getByRole('heading', { level: 1 })).toBeVisible()
      await owner.screenshot({ path: `${dir}/shell-owner-billing-${status}-${width}-${scheme}-${lang}.png`, fullPage: true })
      await owner.context().close()
    }

    await request.patch('/api/user', { data: prefs, headers: api(owner.token) })
    const docs = await as(owner.token)
    await docs.goto('/account/apikeys/docs')
    await expect(docs.getByRole('heading', { level: 1 })).toBeVisible()
    await docs.screenshot({ path: `${dir}/shell-api-reference-${width}-${scheme}-${lang}.png` })
    await docs
      .locator('section')
      .filter({ has: docs.getByText('/api/books/{id}', { exact: true }) })
      .filter({ has: docs.getByText('PATCH', { exact: true }) })
      // The call's own section, not its group's (which holds it).
      .last()
      .screenshot({ path: `${dir}/shell-api-reference-edit-${width}-${scheme}-${lang}.png` })
  })
}
