import { queryOptions } from '@tanstack/react-query'
import { getData } from '~/client/lib/http'
import type { Book } from '~/shared/schemas/book'

// spec §7 GET /api/demo (src/server/routes/demo.ts): the caller's dashboard figures.
export interface DemoData {
  stats: {
    books: number
    views: number
    views_30d: number
    views_prev_30d: number
    /** "+12%", "-5%" or "0%": a minus prefix is the card's red down arrow (spec §3). */
    views_change: string
    slug: string | null
    url: string | null
  }
  books: Book[]
  charts: {
    added_per_month: { month: string; count: number }[]
    status: { not_started: number; reading: number; finished: number }
    views_per_day: { day: string; count: number }[]
  }
}

export const demoQuery = () =>
  queryOptions({
    queryKey: ['demo'],
    queryFn: () => getData<DemoData>('demo'),
  })
