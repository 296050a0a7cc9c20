import { expect, test } from '@playwright/test'
import { mailedLink, pathOf, readyUser, uniqueEmail, useToken } from './auth-helpers'
import { api, payingOwner } from './billing-helpers'

// Screenshots of the team screens for a person to look at (not pixel assertions): SHOTS=<dir>
// writes PNGs of /account/users (table and invite dialog), /signup/user (new and existing
// person) and the invitee's /welcome at 390 px and 1280 px, light and dark, en and es.
const dir = process.env.SHOTS
test.skip(!dir, 'set SHOTS=<dir> to take screenshots')

const combos = [390, 1280].flatMap((width) =>
  (['light', 'dark'] as const).flatMap((scheme) => (['en', 'es'] as const).map((lang) => ({ width, scheme, lang }))),
)

for (const { width, scheme, lang } of combos) {
  test(`team screens ${width}px ${scheme} ${lang}`, async ({ page, request, browser }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
    await page.emulateMedia({ colorScheme: scheme })
    const shot = async (name: string) => {
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))
      await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}-${lang}.png`, fullPage: true })
    }
    const owner = await payingOwner(request, 'club', { lang })
    await request.patch('/api/user', { data: { dark_mode: scheme === 'dark', locale: lang, account_name: 'Harbour Club' }, headers: api(owner.token) })
    const member = await readyUser(request, { name: 'Esme Existing' })
    const fresh = uniqueEmail('fresh')
    await request.post('/api/invite', { headers: { ...api(owner.token), 'accept-language': lang }, data: { email: `${member.email},${fresh}`, permission: 'user' } })
    await page.addInitScript((l) => localStorage.setItem('locale', l), lang)
    await page.goto(pathOf(await mailedLink(request, fresh, '/signup/user')))
    await expect(page.locator('input[name="name"]')).toBeVisible()
    await shot('signup-user-new')
    await page.goto(pathOf(await mailedLink(request, member.email, '/signup/user')))
    await expect(page.locator('input[name="password"]')).toBeVisible()
    await shot('signup-user-existing')
    // The invitee's own onboarding (no URL step: the address is the account's), in a browser of
    // their own.
    const invitee = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 }, colorScheme: scheme })
    const joining = await invitee.newPage()
    await joining.addInitScript((l) => localStorage.setItem('locale', l), lang)
    await joining.goto(pathOf(await mailedLink(request, fresh, '/signup/user')))
    await joining.locator('input[name="name"]').fill('Nell Newcomer')
    await joining.locator('input[name="password"]').fill('Sunny-Day-42!')
    await joining.locator('input[name="confirm_password"]').fill('Sunny-Day-42!')
    await joining.locator('button[type="submit"]').click()
    await expect(joining).toHaveURL(/\/(welcome|dashboard)/)
    await joining.screenshot({ path: `${dir}/invitee-welcome-${width}-${scheme}-${lang}.png`, fullPage: true })
    await invitee.close()

    await useToken(page, owner.token)
    await page.goto('/account/users')
    await expect(page.getByRole('row').filter({ hasText: fresh })).toBeVisible()
    await shot('account-users')
    await page.getByRole('button', { name: lang === 'es' ? 'Invitar' : 'Invite' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await shot('account-users-invite')
  })
}
