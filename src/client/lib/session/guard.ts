import { hasFlag, type Flag } from '~/shared/permissions'
import type { SessionUser } from '~/shared/schemas/user'

// The session and routing rules as pure functions, so the rules are tested without a browser.

export type RoutingUser = Pick<SessionUser, 'verified' | 'plan' | 'onboarded' | 'permission' | 'subscription'> &
  Partial<Pick<SessionUser, 'master'>>

/** After sign-in, unverified → verify; no plan → plan; then dashboard or welcome. */
export function nextPathAfterSignIn(user: RoutingUser): string {
  if (!user.verified) return '/signup/verify'
  if (!user.plan && hasFlag(user.permission, 'owner')) return '/signup/plan'
  if (onHold(user)) return '/account/billing'
  return user.onboarded ? '/dashboard' : '/welcome'
}

/** After verification: /welcome for permission user; /dashboard if a plan exists; else /signup/plan. */
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
  /** The permission flag the route requires. */
  permission: Flag
}

/**
 * Whether the subscription redirect applies: a plan whose subscription is neither active nor
 * trialing, for anyone but support staff (master, a role or a person flag).
 */
export function onHold(user: RoutingUser): boolean {
  if (!user.plan || user.permission === 'master' || user.master) return false
  return !GOOD_STATUS.includes(user.subscription ?? 'active')
}

/**
 * The path to redirect to, or null to stay. Signed in, the answer is never
 * /signin and always a page that lets this person stay, so a visit settles after at most two
 * redirects: a page their role may not open sends them where they belong (billing while the
 * account is on hold, else the dashboard) rather than to sign-in, which would send them back.
 */
export function guardRedirect({ path: rawPath, token, user, permission }: GuardInput): string | null {
  const path = normalise(rawPath)
  if (!token || !user) return '/signin'
  if (!user.verified) return UNVERIFIED_ALLOWED.includes(path) ? null : '/signup/verify'
  if (path === '/signup/verify') return onHold(user) ? '/account/billing' : '/dashboard'
  // Only someone who may choose the plan is sent to choose it; a member waits for the owner.
  if (!user.plan && hasFlag(user.permission, 'owner')) return NO_PLAN_ALLOWED.includes(path) ? null : '/signup/plan'
  const held = onHold(user)
  if (held && !BILLING_EXEMPT.includes(path)) return '/account/billing'
  if (!hasFlag(user.permission, permission)) return held ? '/account/billing' : '/dashboard'
  return null
}
