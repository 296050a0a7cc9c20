import type { Book } from '../schemas/book'

// Dashboard demo data: GET /api/demo → `data` (src/server/routes/demo.ts documents
// each field); shared by server and client (decision 44).

/** Live books by derived status. */
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
