import type { MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { matchCall, type ApiCall } from '~/shared/api/calls'
import { hasFlag, type Flag } from '~/shared/permissions'
import type { AppEnv, Ctx } from '../context'
import { looksLikeKey } from '../lib/api-key-format'
import { refuseWhenPasswordsBusy } from '../lib/crypto'
import { ApiError, forbidden, notFound, unauthorized } from '../lib/errors'
import { authenticate } from '../services/sessions'
import { bearer } from './auth'
import { refuseWhenImpersonated } from './impersonation-guard'
import { authorizeKey } from './key-auth'
import { assertCapability } from './plan'

// The one place that decides who may make an /api call, from the table of calls
// (shared/api/calls.ts): a request matching no declaration never reaches a handler (404, or 405
// with Allow for a known path), and a declared one passes only what its declaration allows.
// In order, as the answers' statuses expect:
//   password derivations saturated (429), before any database work
//   a key bearer: key-auth.ts (401, 403, 402, 429), on calls that need credentials
//   a session: 401 without a live one; 403 for a support session on a call it may not make,
//   for staff-only calls, and for a role without the call's flag; 402 without the plan capability
// Handlers read `c.var.auth` (a session) and `c.var.actor` (a session or a key), as before.

export interface PolicyHooks {
  /** A middleware for some calls, run after the policy's checks (e.g. a step-up check on `stepUp`). */
  extra?: (call: ApiCall) => MiddlewareHandler<AppEnv> | undefined
}

export const apiPolicy = (hooks: PolicyHooks = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const found = matchCall(c.req.method, c.req.path)
    const token = bearer(c.req.header('authorization'))
    const isKey = token !== null && looksLikeKey(token)
    if (!found || !('call' in found)) {
      // A key calling outside the table is told keys cannot (after its own check), as before.
      if (!found && isKey) await authorizeKey(c, token, undefined)
      if (!found) throw notFound()
      throw new ApiError(405, 'error.method_not_allowed', { headers: { Allow: found.allow.join(', ') } })
    }
    const { call } = found
    if (call.passwordGate) refuseWhenPasswordsBusy()

    let keyHeaders: Record<string, string> | undefined
    if (call.who === 'none' || call.who === 'optional') {
      // No credentials needed: a key is accepted and not looked at; a support session is still
      // refused what it may not do (the dev calls, accepting an invite, a verification link).
      if (token && !isKey && !call.support) {
        const auth = await authenticate(c.var.deps, token)
        if (auth) refuseWhenImpersonated(auth)
      }
    } else if (isKey) {
      // A key acts for the account, never for a person: it never holds a role's flag.
      keyHeaders = await authorizeKey(c, token, call.who === 'user' ? call.key : undefined)
      if (call.plan) assertCapability(c.var.deps, c.var.actor.account, call.plan)
    } else {
      await authorizeSession(c, call, token)
    }

    const extra = hooks.extra?.(call)
    if (extra) {
      // An extra check may answer itself (a refusal) instead of passing on to the handler.
      const res = await extra(c, next)
      if (res) c.res = res
    } else await next()
    for (const [name, value] of Object.entries(keyHeaders ?? {})) c.res.headers.set(name, value)
  })

async function authorizeSession(c: Ctx, call: ApiCall, token: string | null) {
  const auth = token ? await authenticate(c.var.deps, token) : null
  if (!auth) throw unauthorized()
  if (!call.support) refuseWhenImpersonated(auth)
  // Support screens are for support staff (a person's flag), whatever their role in an account.
  const allowed = call.who === 'staff' ? auth.user.master : hasFlag(auth.role, call.who as Flag)
  if (!allowed) throw forbidden()
  c.set('auth', auth)
  c.set('actor', { via: 'session', account: auth.account })
  if (call.plan) assertCapability(c.var.deps, auth.account, call.plan)
}
