import { getConnInfo } from '@hono/node-server/conninfo'
import { createMiddleware } from 'hono/factory'
import type { AppEnv, Ctx } from '../context'
import { notFound } from '../lib/errors'

// decisions (safe defaults): `/api/dev/*` (the mail outbox with every reset and sign-in link, the
// billing clock) is 404 for everyone in production, signed in or not, and outside production
// answers only a request whose socket comes from a loopback address. The socket, never a
// forwarded header: anyone can send X-Forwarded-For, and a proxy on this machine makes every
// visitor look local (`npm run dev`'s Vite proxy refuses /api/dev itself, dev.ts). Runs before
// any other check, so nothing else (a 401, a key's 403) tells that the path exists.

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.x.y.z). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  return v4.startsWith('127.') || address === '::1'
}

/** The peer address of the request's socket, or undefined when there is none. */
function socketAddress(c: Ctx): string | undefined {
  try {
    return getConnInfo(c).remote.address
  } catch {
    return undefined
  }
}

export const devOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.deps.config.NODE_ENV === 'production' || !isLoopback(socketAddress(c))) throw notFound()
  await next()
})
