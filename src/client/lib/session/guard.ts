import { hasFlag, type Flag } from '~/shared/permissions'
import type { SessionUser } from '~/shared/schemas/user'

// spec §4 "Session and routing" as pure functions, so the rules are tested without a browser.

export type RoutingUser = Pick<SessionUser, 'verified' | 'plan' | 'onboarded' | 'permission' | 'subscription'>

/** spec §4: after sign-in, unverified → verify; no plan → plan; then dashboard or welcome. */
export function nextPathAfterSignIn(user: RoutingUser): string {
  if (!user.verified) return '/signup/verify'
  if (!user.plan) return '/signup/plan'
  return user.onboarded ? '/dashboard' : '/welcome'
}

/** spec §4 Verification: /welcome for permission user; /dashboard if a plan exists; else /signup/plan. */
export function nextPathAfterVerify(user: RoutingUser): string {
  if (user.permission === 'user') return '/welcome'
  if (user.plan) return '/dashboard'
  return '/signup/plan'
}

const UNVERIFIED_ALLOWED = ['/account/profile', '/signup/verify']
const NO_PLAN_ALLOWED = ['/account/profile', '/signup/plan']
const BILLING_EXEMPT = ['/account/billing', '/signup/plan', '/account/upgrade', '/account', '/account/profile']
const GOOD_STATUS = ['active', 'trialing']

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)

export interface GuardInput {
  path: string
  token: string | null
  user: RoutingUser | null | undefined
  /** The permission flag the route requires (spec §6). */
  permission: Flag
}

/** The path to redirect to, or null to stay (spec §4 route guard). */
export function guardRedirect({ path: rawPath, token, user, permission }: GuardInput): string | null {
  const path = normalise(rawPath)
  if (!token || !user || !hasFlag(user.permission, permission)) return '/signin'
  if (!user.verified) return UNVERIFIED_ALLOWED.includes(path) ? null : '/signup/verify'
  if (path === '/signup/verify') return '/dashboard'
  if (!user.plan) return NO_PLAN_ALLOWED.includes(path) ? null : '/signup/plan'
  const status = user.subscription ?? 'active'
  if (!GOOD_STATUS.includes(status) && user.permission !== 'master' && !BILLING_EXEMPT.includes(path)) {
    return '/account/billing'
  }
  return null
}
