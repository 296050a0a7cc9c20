import type { Book } from '../schemas/book'

// spec §3 Dashboard demo data, §7 GET /api/demo → `data` (src/server/routes/demo.ts documents
// each field); shared by server and client (architecture.md rule 3).

/** Live books by derived status (decisions §6). */
export interface StatusCounts {
  not_started: number
  reading: number
  finished: number
}

export interface DemoData {
  stats: {
    books: number
    views: number
    views_30d: number
    views_prev_30d: number
    views_change: string | null
    slug: string | null
    url: string | null
  }
  books: Book[]
  charts: {
    added_per_month: { month: string; count: number }[]
    status: StatusCounts
    views_per_day: { day: string; count: number }[]
  }
}
