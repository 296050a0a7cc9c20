import { createMiddleware } from 'hono/factory'
import { t, type AppEnv, type Deps } from '../context'
import { Limiter, Overloaded, type LimiterOptions } from '../lib/limiter'

// Admission control for /api (decision 26). At most
// `concurrency` requests are in progress, a bounded queue waits first come first served, and a
// request that would wait longer than `maxWaitMs` (or has) is answered 503 + Retry-After at once,
// before it costs the database anything. Without it, PGlite (every query on this thread, one at a
// time) let 200 connections queue without bound: GET /api/books p99 16.7 s, requests past 30 s.
// Clients back off on 503 (src/client/sync/engine.ts honours Retry-After).

/**
 * Defaults per database. PGlite runs every query on this thread, one at a time: more than two
 * requests in progress only interleave, each finishing later, and lengthen the stretches in which
 * the event loop accepts no connection (measured at 200 connections: 2 answered ~1.7× more than
 * 4). PostgreSQL has a pool of 10 connections (db/pool.ts): a few more than that keep it busy
 * while answers are written out. The queues are long enough that the wait bound, not the queue,
 * refuses first; the queue bound only caps memory.
 */
export const ADMISSION_DEFAULTS = {
  pglite: { concurrency: 2, queue: 256, maxWaitMs: 2_000 },
  postgres: { concurrency: 16, queue: 512, maxWaitMs: 2_000 },
} as const satisfies Record<Deps['database']['kind'], Required<LimiterOptions>>

export function admissionLimits(deps: Pick<Deps, 'config' | 'database'>): Required<LimiterOptions> {
  const d = ADMISSION_DEFAULTS[deps.database.kind]
  return {
    concurrency: deps.config.API_CONCURRENCY ?? d.concurrency,
    queue: deps.config.API_QUEUE ?? d.queue,
    maxWaitMs: deps.config.API_QUEUE_WAIT_MS ?? d.maxWaitMs,
  }
}

/** Not admitted: /api/health stays a cheap liveness probe that answers under any load. */
const EXEMPT = new Set(['/api/health'])

export const admission = (limits: LimiterOptions) => {
  const limiter = new Limiter(limits)
  return createMiddleware<AppEnv>(async (c, next) => {
    if (EXEMPT.has(c.req.path)) return next()
    // The body arrives before the request takes a turn: a slow upload (a phone on a poor network)
    // must not hold one. bodyLimit, mounted before, has already bounded its size.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') await c.req.arrayBuffer()
    const signal = c.req.raw.signal
    try {
      // Holds the turn through next(); a wait on a password derivation hands it back meanwhile.
      return await limiter.hold(async () => {
        await next()
      }, signal)
    } catch (err) {
      // Refused, or the client left while waiting (nobody reads that answer; nothing to log).
      if (!(err instanceof Overloaded) && !signal.aborted) throw err
      const retryAfter = err instanceof Overloaded ? err.retryAfterSeconds : 1
      // Answered here rather than thrown to onError: under overload this is the most frequent
      // answer, and an exception (its stack trace) is the costliest part of it.
      return c.json({ message: t(c, 'error.overloaded') }, 503, { 'Retry-After': String(retryAfter) })
    }
  })
}
