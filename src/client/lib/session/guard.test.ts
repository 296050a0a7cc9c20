import { describe, expect, test } from 'vitest'
import { guardRedirect, nextPathAfterSignIn, nextPathAfterVerify, type RoutingUser } from './guard'

// spec §4 "Session and routing" and "Verification".
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

  test('no token or insufficient permission → /signin', () => {
    expect(go('/dashboard', user(), 'user', null)).toBe('/signin')
    expect(go('/dashboard', null)).toBe('/signin')
    expect(go('/signup/plan', user({ permission: 'user' }), 'owner')).toBe('/signin')
    expect(go('/account/users', user({ permission: 'developer' }), 'admin')).toBe('/signin')
    expect(go('/dashboard', user())).toBeNull()
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
