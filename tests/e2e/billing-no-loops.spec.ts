import { expect, test, type Page } from '@playwright/test'
import { useToken } from './auth-helpers'
import { MEMBER_ROLES, teamIn, visit, type Status } from './billing-routes'

// No redirect loops: for every role and subscription status the local provider can reach
// (active, past_due, requires_action, canceled, free), a signed-in person who opens any route of
// the app settles on one page after at most two redirects and never on /signin. Members of an
// account on hold land on /account/billing and read who can fix it. (trialing and
// requires_payment_method follow the same rule; the route guard's unit test covers every status
// and master.)

test.describe.configure({ timeout: 240_000 })

const ROUTES = [
  '/dashboard',
  '/welcome',
  '/books',
  '/books/new',
  '/plans',
  '/help',
  '/account',
  '/account/profile',
  '/account/url',
  '/account/notifications',
  '/account/billing',
  '/account/upgrade?plan=club',
  '/account/users',
  '/account/apikeys',
  '/account/apikeys/create',
  '/account/support',
  '/signup/plan',
  '/signup/verify',
]
const STATUSES: Status[] = ['active', 'past_due', 'requires_action', 'canceled', 'free']
const HELD = new Set<Status>(['past_due', 'requires_action', 'canceled'])

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
        const context = await browser.newContext()
        const page = await context.newPage()
        await useToken(page, token)
        await sweep(page, `${status} ${role}`)
        if (role !== 'owner' && HELD.has(status)) {
          // On hold, a member lands on billing: a read-only notice naming the owner, and a way out.
          const seen = await visit(page, '/dashboard')
          expect(seen.at(-1)).toBe('/account/billing')
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
