import { createMiddleware } from 'hono/factory'
import type { AppEnv, Ctx } from '../context'
import { ApiError } from '../lib/errors'
import { hit, retryAfterSeconds } from '../services/rate-limit'

export const AUTH_WINDOW_MS = 15 * 60 * 1000

/** Per-IP limit on auth and mail-sending calls (AUTH_IP_LIMIT per 15 minutes). */
export const ipLimit = (bucket: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const w = await hit(c.var.deps.db, `ip:${bucket}:${c.var.ip}`, AUTH_WINDOW_MS)
    if (w.count > c.var.deps.config.AUTH_IP_LIMIT) throw tooMany(w)
    await next()
  })

export const MAIL_LIMIT = 5

/**
 * At most MAIL_LIMIT mails of one kind to one recipient (an address, or a user id) per window,
 * whether the recipient exists or not, so the answer reveals nothing.
 */
export async function mailLimit(c: Ctx, kind: string, recipient: string) {
  const w = await hit(c.var.deps.db, `mail:${kind}:${recipient.toLowerCase()}`, AUTH_WINDOW_MS)
  if (w.count > MAIL_LIMIT) throw tooMany(w)
}

export function tooMany(w: { resetAt: Date; count: number }) {
  const seconds = retryAfterSeconds(w)
  return new ApiError(429, 'error.rate_limited', {
    params: { minutes: Math.ceil(seconds / 60) },
    headers: { 'Retry-After': String(seconds) },
  })
}
