import type { BookStatus } from '~/shared/schemas/book'
import type { MonthCount } from '~/client/ui/charts/months-chart'
import type { StatusCounts } from '~/client/ui/charts/status-chart'

// The dashboard's book figures, computed on the device from the synced books (Dexie), so they
// follow every local change and still show offline. Months are UTC, as the server's are
// (src/server/routes/demo.ts `added_per_month`).

/** The last `months` calendar months (UTC), oldest first, this month last, with books added in each. */
export function addedPerMonth(books: { created_at: string }[], now: Date, months = 12): MonthCount[] {
  const out: MonthCount[] = []
  const y = now.getUTCFullYear()
  const m = now.getUTCMonth()
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - i, 1))
    out.push({ month: d.toISOString().slice(0, 7), count: 0 })
  }
  const index = new Map(out.map((e, i) => [e.month, i]))
  for (const b of books) {
    const i = index.get(b.created_at.slice(0, 7))
    if (i !== undefined) out[i]!.count++
  }
  return out
}

export function statusCounts(books: { status: BookStatus }[]): StatusCounts {
  const counts: StatusCounts = { not_started: 0, reading: 0, finished: 0 }
  for (const b of books) counts[b.status]++
  return counts
}
