import { createMiddleware } from 'hono/factory'
import type { AppEnv, Auth } from '../context'
import { ApiError } from '../lib/errors'
import { authenticate } from '../services/sessions'
import { bearer } from './auth'

// decisions §13: during a support session (impersonation) billing and security changes are
// refused with 403: the password, the email address (routes/user.ts), two-factor settings,
// closing or leaving the account, payments and plans, API keys, and anything that would turn
// the support session into an ordinary one (switching account, a verification link's sign-in).
// One list here, checked before any route runs, so a billing route added later under these
// paths is covered without touching it.

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const REFUSED: readonly [methods: ReadonlySet<string>, path: RegExp][] = [
  [new Set(['PUT']), /^\/api\/user\/password\/?$/],
  [WRITE, /^\/api\/user\/2fa(\/.*)?$/],
  [new Set(['DELETE']), /^\/api\/(account|user)\/?$/],
  [WRITE, /^\/api\/account\/(plan|upgrade|card|subscription|billing)(\/.*)?$/],
  [WRITE, /^\/api\/payment(\/.*)?$/],
  [WRITE, /^\/api\/key(\/.*)?$/],
  [new Set(['POST']), /^\/api\/auth\/switch\/?$/],
  [new Set(['POST']), /^\/api\/user\/verify\/?$/],
  // Accepting an invite opens an ordinary session in another account (issue 12).
  [new Set(['POST']), /^\/api\/invite\/accept\/?$/],
]

export const isRefusedWhileImpersonating = (method: string, path: string) =>
  REFUSED.some(([methods, pattern]) => methods.has(method.toUpperCase()) && pattern.test(path))

/** 403 when `auth` is a support session. */
export function refuseWhenImpersonated(auth: Pick<Auth, 'impersonatorId'>) {
  if (auth.impersonatorId) throw new ApiError(403, 'impersonation.refused')
}

/** Looks the session up only for the calls on the list; every other call passes untouched. */
export const impersonationGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (isRefusedWhileImpersonating(c.req.method, c.req.path)) {
    const token = bearer(c.req.header('authorization'))
    const auth = token ? await authenticate(c.var.deps, token) : null
    if (auth) refuseWhenImpersonated(auth)
  }
  await next()
})
