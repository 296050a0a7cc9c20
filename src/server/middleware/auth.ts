import { createMiddleware } from 'hono/factory'
import { hasFlag, type Flag } from '~/shared/permissions'
import type { AppEnv } from '../context'
import { forbidden, unauthorized } from '../lib/errors'
import { authenticate } from '../services/sessions'

/** Bearer token from the Authorization header (decisions §2), or null. */
export function bearer(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i)
  return match?.[1] ?? null
}

/**
 * Requires a live session (401 otherwise) and, when given, a permission flag held by the
 * member's role in the session's account (403 otherwise; decisions §4).
 */
export const requireAuth = (flag: Flag = 'user') =>
  createMiddleware<AppEnv>(async (c, next) => {
    // An API key was already checked against this exact call and its scopes by keyAuth
    // (middleware/key-auth.ts); it acts for the account, so it never passes a role check.
    if (c.get('actor')?.via === 'key') {
      if (flag !== 'user') throw forbidden()
      return next()
    }
    const token = bearer(c.req.header('authorization'))
    const auth = token ? await authenticate(c.var.deps, token) : null
    if (!auth) throw unauthorized()
    if (!hasFlag(auth.role, flag)) throw forbidden()
    c.set('auth', auth)
    c.set('actor', { via: 'session', account: auth.account })
    await next()
  })
