import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { mailedLink, PASSWORD, readyUser, uniqueEmail } from './auth-helpers'
import { api, cardToken } from './billing-helpers'

// Accounts in a chosen subscription status with one member of each role, made through the API
// and the dev billing calls (local provider): for the route sweep and the member notices.

export type Status = 'active' | 'trialing' | 'past_due' | 'requires_payment_method' | 'requires_action' | 'canceled' | 'free'
/** Every status an account can be in: the six of a paid subscription, and the free plan. */
export const STATUSES: Status[] = ['active', 'trialing', 'past_due', 'requires_payment_method', 'requires_action', 'canceled', 'free']
export const MEMBER_ROLES = ['admin', 'developer', 'user'] as const

export interface Team {
  owner: { email: string; token: string; name: string }
  members: Record<(typeof MEMBER_ROLES)[number], { email: string; token: string }>
}

const ok = async (res: Promise<import('@playwright/test').APIResponse>) => {
  const r = await res
  expect(r.status(), await r.text()).toBe(200)
  return (await r.json()) as { data: any }
}

/** An owner on Book Club with an admin, a developer and a user, then moved into `status`. */
export async function teamIn(request: APIRequestContext, status: Status, name = 'Olga Owner'): Promise<Team> {
  const owner = await readyUser(request, { name })
  const auth = api(owner.token)
  await ok(request.post('/api/account/upgrade', { headers: auth, data: { plan: 'club', token: await cardToken(request) } }))
  const members = {} as Team['members']
  for (const role of MEMBER_ROLES) {
    const email = uniqueEmail(role)
    await ok(request.post('/api/invite', { headers: auth, data: { email, permission: role } }))
    const link = new URL(await mailedLink(request, email, '/signup/user'))
    const joined = await ok(
      request.post('/api/user', {
        data: {
          name: `Mo ${role}`,
          email,
          password: PASSWORD,
          confirm_password: PASSWORD,
          invite_id: link.searchParams.get('invite_id'),
          token: link.searchParams.get('token'),
        },
      }),
    )
    members[role] = { email, token: joined.data.token }
  }
  const card = (behaviour: string) => ok(request.post('/api/dev/card', { headers: auth, data: { behaviour } }))
  const clock = (days: number) => ok(request.post('/api/dev/clock', { headers: auth, data: { days } }))
  if (status === 'past_due' || status === 'canceled') await card('decline')
  if (status === 'requires_action') await card('authenticate')
  if (status === 'free') await ok(request.patch('/api/account/plan', { headers: auth, data: { plan: 'free' } }))
  if (status === 'past_due' || status === 'requires_action' || status === 'canceled' || status === 'free') await clock(31)
  if (status === 'canceled') await clock(15)
  // The local provider's renewals never start a trial or lose the card by themselves: the dev call
  // puts the subscription there, as Stripe would.
  if (status === 'trialing' || status === 'requires_payment_method') {
    await ok(request.post('/api/dev/status', { headers: auth, data: { status } }))
  }
  const me = await ok(request.get('/api/auth', { headers: auth }))
  expect(me.data.subscription).toBe(status === 'free' ? 'active' : status)
  return { owner: { ...owner, name }, members }
}

/**
 * Opens `path` and waits until the address stops changing. Answers every path the tab showed
 * (the first is the one asked for), counted from the main frame's navigations, client-side
 * history changes included.
 */
export async function visit(page: Page, path: string): Promise<string[]> {
  const seen: string[] = []
  const onNav = (frame: import('@playwright/test').Frame) => {
    if (frame !== page.mainFrame()) return
    const p = new URL(frame.url()).pathname
    if (seen.at(-1) !== p) seen.push(p)
  }
  page.on('framenavigated', onNav)
  try {
    await page.goto(path, { waitUntil: 'domcontentloaded' })
    let last = page.url()
    let stableSince = Date.now()
    const start = Date.now()
    while (Date.now() - stableSince < 500 && Date.now() - start < 8000) {
      await page.waitForTimeout(100)
      if (page.url() !== last) {
        last = page.url()
        stableSince = Date.now()
      }
    }
    // A loop never settles: it shows as many paths.
    return seen
  } finally {
    page.off('framenavigated', onNav)
  }
}
