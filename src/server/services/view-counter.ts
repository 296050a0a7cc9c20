import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { log } from '../lib/log'

// Public page views (each load counts one view), counted in memory and written in
// one statement every FLUSH_MS instead of one write per load (decision
// 45). A crash of the process loses at most the views of the
// last FLUSH_MS (and those of a failed flush, kept for the next one); a graceful
// shutdown flushes first (index.ts). Readers of the figures (the dashboard, usage) flush this
// process's counts before they read, so one process shows them exactly at once; another
// process's counts arrive within FLUSH_MS.

export const FLUSH_MS = 2_000

/** Views per account id and UTC day (YYYY-MM-DD) not written yet. */
type Pending = Map<string, Map<string, number>>

interface Counter {
  pending: Pending
  timer: NodeJS.Timeout | null
  /** The flush in progress: the next one waits for it, so counts are never written twice. */
  flushing: Promise<void>
}

const counters = new WeakMap<Db, Counter>()

function counterOf(db: Db): Counter {
  let c = counters.get(db)
  if (!c) counters.set(db, (c = { pending: new Map(), timer: null, flushing: Promise.resolve() }))
  return c
}

/** The UTC calendar day of a load: the daily counter's key, as the dashboard's days are. */
const utcDay = (now: Date) => now.toISOString().slice(0, 10)

/** Counts one view of the account's public page; written within FLUSH_MS. */
export function countView(db: Db, accountId: string, now = new Date()) {
  const c = counterOf(db)
  add(c.pending, accountId, utcDay(now), 1)
  if (!c.timer) scheduleFlush(db, c)
}

function add(p: Pending, accountId: string, day: string, n: number) {
  let days = p.get(accountId)
  if (!days) p.set(accountId, (days = new Map()))
  days.set(day, (days.get(day) ?? 0) + n)
}

/**
 * Writes every pending view of this process now: each account's total and its daily rows, in ONE
 * statement (one transaction). On failure the counts go back into the pending set and the error
 * is thrown; the next flush retries them.
 */
export function flushViews(db: Db): Promise<void> {
  const c = counterOf(db)
  const run = c.flushing.then(async () => {
    if (c.timer) clearTimeout(c.timer)
    c.timer = null
    if (!c.pending.size) return
    const batch = c.pending
    c.pending = new Map()
    try {
      await writeViews(db, batch)
    } catch (err) {
      // Kept for the next flush, which the next view schedules (or the shutdown runs): no retry
      // loop of its own against a database that is gone.
      for (const [id, days] of batch) for (const [day, n] of days) add(c.pending, id, day, n)
      throw err
    }
  })
  c.flushing = run.catch(() => {})
  return run
}

function scheduleFlush(db: Db, c: Counter) {
  // unref: pending views never keep a finished process (a test, a script) alive on their own.
  c.timer = setTimeout(() => void flushViews(db).catch((err) => log.error('view flush failed', err)), FLUSH_MS)
  c.timer.unref()
}

async function writeViews(db: Db, batch: Pending) {
  const rows = [...batch].flatMap(([id, days]) =>
    [...days].map(([day, n]) => sql`(${id}::text, ${day}::date, ${n}::int)`),
  )
  // An account deleted meanwhile is skipped (the join), not a foreign-key error that would fail
  // every later flush.
  await db.execute(sql`
    with v(account_id, day, n) as (values ${sql.join(rows, sql`, `)}),
    live as (select v.* from v join accounts a on a.id = v.account_id),
    total as (
      update accounts a set views = a.views + t.n
      from (select account_id, sum(n)::bigint as n from live group by account_id) t
      where a.id = t.account_id
    )
    insert into account_daily_views (account_id, day, count)
    select account_id, day, n from live
    on conflict (account_id, day) do update set count = account_daily_views.count + excluded.count
  `)
}

/** Views counted by this process and not written yet (tests, the bench). */
export function pendingViews(db: Db): number {
  let n = 0
  for (const days of counterOf(db).pending.values()) for (const v of days.values()) n += v
  return n
}
