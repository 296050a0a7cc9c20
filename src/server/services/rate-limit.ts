import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema'

// Fixed-window counters in the database, so every API process sees the same counts
// (rate limits live in the DB).

export interface Window {
  count: number
  resetAt: Date
}

/** Adds one to `key`'s window (starting a new window when the old one passed) and returns it. */
export async function hit(db: Db, key: string, windowMs: number): Promise<Window> {
  const reset = new Date(Date.now() + windowMs)
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: reset })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${reset.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
  return row!
}

/** The live window of `key`, or null when none is running. */
export async function peek(db: Db, key: string): Promise<Window | null> {
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`)
  return row ?? null
}

export async function clear(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key))
}

export function retryAfterSeconds(w: Window) {
  return Math.max(1, Math.ceil((w.resetAt.getTime() - Date.now()) / 1000))
}
