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
    const token = bearer(c.req.header('authorization'))
    const auth = token ? await authenticate(c.var.deps, token) : null
    if (!auth) throw unauthorized()
    if (!hasFlag(auth.role, flag)) throw forbidden()
    c.set('auth', auth)
    await next()
  })
