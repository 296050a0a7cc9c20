import type { StatusCounts } from '~/shared/responses/demo'
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm'
import type { Book } from '~/shared/schemas/book'
import type { Db } from '../db/client'
import { books } from '../db/schema'
import { liveBooks, toBookJson } from './books'
import { dailyViews } from './views'

// Dashboard figures (the demo data, statistic cards and usage). Every
// function takes the caller's account id and every query filters on it. Days and months are UTC.

const DAY_MS = 86_400_000

/** YYYY-MM-DD of `d` in UTC. */
const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/** The last `n` UTC days, oldest first, ending with today. */
export function lastDays(n: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return Array.from({ length: n }, (_, i) => isoDay(new Date(today - (n - 1 - i) * DAY_MS)))
}

/** The last `n` UTC months as YYYY-MM, oldest first, ending with the current one. */
export function lastMonths(n: number, now = new Date()): string[] {
  return Array.from({ length: n }, (_, i) =>
    isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (n - 1 - i), 1))).slice(0, 7),
  )
}

/**
 * The change of `current` over `previous` as the Statistic card shows it: a signed whole
 * percentage, "+12%", "-5%" or "0%" (a minus prefix draws the red down arrow). With
 * nothing in the previous period there is nothing to compare with: null (the card then shows no
 * arrow, or "new" when views arrived; a growth from zero is no "+100%").
 */
export function percentChange(current: number, previous: number): string | null {
  if (previous === 0) return null
  const pct = Math.round(((current - previous) / previous) * 100)
  return pct > 0 ? `+${pct}%` : pct < 0 ? `${pct}%` : '0%'
}

export type { StatusCounts } from '~/shared/responses/demo'

/** Live books by derived status (finished, else reading if started, else not started). */
export async function statusCounts(db: Db, accountId: string): Promise<StatusCounts & { total: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      finished: sql<number>`(count(*) filter (where ${books.finishedAt} is not null))::int`,
      reading: sql<number>`(count(*) filter (where ${books.finishedAt} is null and ${books.startedAt} is not null))::int`,
    })
    .from(books)
    .where(and(eq(books.accountId, accountId), isNull(books.deletedAt)))
  const total = Number(row?.total ?? 0)
  const finished = Number(row?.finished ?? 0)
  const reading = Number(row?.reading ?? 0)
  return { total, not_started: total - finished - reading, reading, finished }
}

/** Live books added (created) per UTC month over the last `months` months, zeros included. */
export async function addedPerMonth(db: Db, accountId: string, months = 12, now = new Date()) {
  const keys = lastMonths(months, now)
  const from = new Date(`${keys[0]}-01T00:00:00Z`)
  const month = sql<string>`to_char(${books.createdAt} at time zone 'UTC', 'YYYY-MM')`
  const rows = await db
    .select({ month, count: sql<number>`count(*)::int` })
    .from(books)
    .where(and(eq(books.accountId, accountId), isNull(books.deletedAt), gte(books.createdAt, from)))
    .groupBy(month)
  const counts = new Map(rows.map((r) => [r.month, Number(r.count)]))
  return keys.map((m) => ({ month: m, count: counts.get(m) ?? 0 }))
}

/**
 * Public page views per UTC day over the last `days` days (zeros included) and the change of
 * those days over the `days` before them.
 */
export async function viewsWindow(db: Db, accountId: string, days = 30, now = new Date()) {
  const span = lastDays(days * 2, now)
  const rows = await dailyViews(db, accountId, span[0]!)
  const counts = new Map(rows.map((r) => [r.day, Number(r.count)]))
  const perDay = span.map((day) => ({ day, count: counts.get(day) ?? 0 }))
  const previous = perDay.slice(0, days).reduce((n, d) => n + d.count, 0)
  const current = perDay.slice(days).reduce((n, d) => n + d.count, 0)
  return { perDay: perDay.slice(days), current, previous, change: percentChange(current, previous) }
}

/** The `n` most recently added live books of the account, in full (it is the caller's own). */
export async function recentBooks(db: Db, accountId: string, n = 4): Promise<Book[]> {
  return (await liveBooks(db, accountId).limit(n)).map(toBookJson)
}

/** The current UTC calendar month: ISO start (inclusive) and end (exclusive). */
export function currentMonth(now = new Date()) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  return { start, end }
}

/** Live books of the account added in [start, end). */
export async function booksAddedBetween(db: Db, accountId: string, start: Date, end: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(books)
    .where(
      and(
        eq(books.accountId, accountId),
        isNull(books.deletedAt),
        gte(books.createdAt, start),
        lt(books.createdAt, end),
      ),
    )
  return Number(row?.n ?? 0)
}
