import { describe, expect, test } from 'vitest'
import { guardRedirect, nextPathAfterSignIn, nextPathAfterVerify, type RoutingUser } from './guard'

// The session and routing rules, and where verification leads.
const user = (over: Partial<RoutingUser> = {}): RoutingUser => ({
  verified: true,
  plan: 'free',
  onboarded: true,
  permission: 'owner',
  subscription: 'active',
  ...over,
})

describe('after sign-in', () => {
  test('unverified → verify; no plan → plan; then dashboard if onboarded, else welcome', () => {
    expect(nextPathAfterSignIn(user({ verified: false, plan: null }))).toBe('/signup/verify')
    expect(nextPathAfterSignIn(user({ plan: null }))).toBe('/signup/plan')
    expect(nextPathAfterSignIn(user())).toBe('/dashboard')
    expect(nextPathAfterSignIn(user({ onboarded: false }))).toBe('/welcome')
  })
})

describe('after verification', () => {
  test('/welcome for permission user; /dashboard with a plan; else /signup/plan', () => {
    expect(nextPathAfterVerify(user({ permission: 'user', plan: null }))).toBe('/welcome')
    expect(nextPathAfterVerify(user())).toBe('/dashboard')
    expect(nextPathAfterVerify(user({ plan: null }))).toBe('/signup/plan')
  })
})

describe('route guard', () => {
  const go = (path: string, u: RoutingUser | null, permission: 'user' | 'owner' | 'admin' = 'user', token: string | null = 't') =>
    guardRedirect({ path, token, user: u, permission })

  test('no token → /signin; signed in without the role → where they belong, never /signin', () => {
    expect(go('/dashboard', user(), 'user', null)).toBe('/signin')
    expect(go('/dashboard', null)).toBe('/signin')
    expect(go('/signup/plan', user({ permission: 'user' }), 'owner')).toBe('/dashboard')
    expect(go('/account/users', user({ permission: 'developer' }), 'admin')).toBe('/dashboard')
    expect(go('/account/users', user({ permission: 'developer', subscription: 'past_due' }), 'admin')).toBe('/account/billing')
    expect(go('/dashboard', user())).toBeNull()
  })

  test('every role and status settles within two redirects and never on /signin', () => {
    const routes: [string, 'user' | 'owner' | 'admin' | 'developer'][] = [
      ['/dashboard', 'user'], ['/welcome', 'user'], ['/plans', 'user'], ['/books', 'user'], ['/account', 'user'],
      ['/account/profile', 'user'], ['/account/billing', 'user'], ['/account/upgrade', 'user'], ['/signup/plan', 'owner'],
      ['/account/users', 'admin'], ['/account/apikeys', 'developer'], ['/signup/verify', 'user'],
    ]
    const need = Object.fromEntries(routes)
    for (const permission of ['master', 'owner', 'admin', 'developer', 'user'])
      for (const subscription of ['active', 'trialing', 'past_due', 'requires_payment_method', 'requires_action', 'canceled', null])
        for (const [path, flag] of routes) {
          const u = user({ permission, subscription, plan: subscription ? 'reader' : 'free' })
          let at = path
          let hops = 0
          for (let to = go(at, u, flag as 'user'); to; to = go(at, u, (need[at] ?? 'user') as 'user')) {
            expect(to).not.toBe('/signin')
            at = to
            expect(++hops, `${permission} ${subscription} ${path}`).toBeLessThanOrEqual(2)
          }
        }
  })

  test('a member of an account on hold lands on billing; master (role or staff flag) is exempt', () => {
    for (const permission of ['admin', 'developer', 'user']) {
      expect(go('/dashboard', user({ permission, subscription: 'past_due' }))).toBe('/account/billing')
      expect(go('/account/billing', user({ permission, subscription: 'past_due' }))).toBeNull()
    }
    expect(go('/dashboard', user({ subscription: 'canceled', master: true }))).toBeNull()
  })

  test('an unverified user is kept on /account/profile or /signup/verify', () => {
    const u = user({ verified: false, plan: null })
    expect(go('/dashboard', u)).toBe('/signup/verify')
    expect(go('/signup/plan', u, 'owner')).toBe('/signup/verify')
    expect(go('/signup/verify', u)).toBeNull()
    expect(go('/account/profile', u)).toBeNull()
  })

  test('a verified user on /signup/verify goes to /dashboard', () => {
    expect(go('/signup/verify', user())).toBe('/dashboard')
    expect(go('/signup/verify/', user())).toBe('/dashboard')
  })

  test('a verified user without a plan goes to /signup/plan except on profile and plan', () => {
    const u = user({ plan: null, subscription: null })
    expect(go('/dashboard', u)).toBe('/signup/plan')
    expect(go('/welcome', u)).toBe('/signup/plan')
    expect(go('/signup/plan', u, 'owner')).toBeNull()
    expect(go('/account/profile', u)).toBeNull()
  })

  test('a subscription neither active nor trialing goes to billing, except master and the listed pages', () => {
    for (const subscription of ['past_due', 'canceled', 'requires_payment_method', 'requires_action']) {
      const u = user({ subscription })
      expect(go('/dashboard', u)).toBe('/account/billing')
      for (const path of ['/account/billing', '/signup/plan', '/account/upgrade', '/account', '/account/profile']) {
        expect(go(path, u, path === '/signup/plan' ? 'owner' : 'user')).toBeNull()
      }
      expect(go('/dashboard', user({ subscription, permission: 'master' }))).toBeNull()
    }
    expect(go('/dashboard', user({ subscription: 'trialing' }))).toBeNull()
  })
})
