import { expect, test, type Page } from '@playwright/test'
import { useToken } from './auth-helpers'
import { MEMBER_ROLES, STATUSES, teamIn, visit, type Status } from './billing-routes'

// No redirect loops: for every role and every subscription status (active, trialing, past_due,
// requires_payment_method, requires_action, canceled, and the free plan), a signed-in person who
// opens any route of the app settles on one page after at most two redirects and never on
// /signin. Members of an account on hold (neither active nor trialing) land on /account/billing
// and read who can fix it. (The route guard's unit test covers master.)

test.describe.configure({ timeout: 240_000 })

// One route of each kind: app and account layouts, each role's guarded pages, the owner-only
// sign-up step and the exempt billing pages (a full sweep of every route takes minutes).
const ROUTES = [
  '/dashboard',
  '/books',
  '/plans',
  '/account',
  '/account/billing',
  '/account/upgrade?plan=club',
  '/account/users',
  '/account/apikeys',
  '/signup/plan',
  '/signup/verify',
]
const HELD = new Set<Status>(['past_due', 'requires_payment_method', 'requires_action', 'canceled'])

async function sweep(page: Page, who: string) {
  for (const route of ROUTES) {
    const seen = await visit(page, route)
    const redirects = seen.length - 1
    expect(seen, `${who} ${route}: ${seen.join(' → ')}`).not.toContain('/signin')
    expect(redirects, `${who} ${route}: ${seen.join(' → ')}`).toBeLessThanOrEqual(2)
  }
}

for (const status of STATUSES) {
  test(`every role settles on every route: ${status}`, async ({ browser, request }) => {
    const team = await teamIn(request, status)
    const people = [['owner', team.owner.token], ...MEMBER_ROLES.map((r) => [r, team.members[r].token])] as const
    // The four people sweep side by side, each in a browser of their own.
    await Promise.all(
      people.map(async ([role, token]) => {
        // No service worker: the sweep is about where pages settle, and each new browser installing
        // one precaches the whole app (28 browsers over the seven statuses).
        const context = await browser.newContext({ serviceWorkers: 'block' })
        const page = await context.newPage()
        await useToken(page, token)
        await sweep(page, `${status} ${role}`)
        if (role !== 'owner' && HELD.has(status)) {
          // On hold, a member lands on billing: a read-only notice naming the owner, and a way out.
          await page.goto('/dashboard')
          await expect(page).toHaveURL(/\/account\/billing$/)
          const notice = page.getByTestId('member-billing-notice')
          await expect(notice).toContainText('This account is on hold')
          await expect(notice).toContainText(`${team.owner.name} (${team.owner.email})`)
          await expect(notice.getByRole('button', { name: 'Sign out' })).toBeVisible()
          await expect(page.getByRole('tab', { name: 'Card' })).toHaveCount(0)
        }
        await context.close()
      }),
    )
  })
}

test('a 402 for a member opens the upgrade notice naming the plan and the owner', async ({ browser, request }) => {
  const team = await teamIn(request, 'free', 'Ursula Owner')
  const context = await browser.newContext()
  const page = await context.newPage()
  await useToken(page, team.members.developer.token)
  // API keys need Book Club: the developer's screen meets a 402 and is sent to the upgrade page.
  const seen = await visit(page, '/account/apikeys')
  expect(seen).not.toContain('/signin')
  await page.goto('/account/upgrade?plan=club')
  const notice = page.getByTestId('member-upgrade-notice')
  await expect(notice).toContainText('This needs the Book Club plan')
  await expect(notice).toContainText(`Ursula Owner (${team.owner.email})`)
  await expect(page.locator('input[autocomplete="cc-number"]')).toHaveCount(0)
  await context.close()
})
