import { Hono } from 'hono'
import type { DemoData } from '~/shared/responses/demo'
import type { AppEnv } from '../context'
import { addedPerMonth, recentBooks, statusCounts, viewsWindow } from '../services/stats'
import { totalViews } from '../services/views'

// GET /api/demo, the figures of /dashboard (demo data and statistic cards): the signed-in
// caller's dashboard figures, all of the session's account and nobody else's. Days and months
// are UTC. The answer:
//
// { data: {
//     stats: {
//       books: number,          live books in the account
//       views: number,          public page loads ever
//       views_30d: number,      loads in the last 30 days (today and the 29 days before)
//       views_prev_30d: number, loads in the 30 days before those
//       views_change: string | null,  views_30d over views_prev_30d as a signed whole
//                               percentage: "+12%", "-5%" or "0%" (a minus prefix is the card's
//                               red down arrow); null when views_prev_30d is 0 (no comparison)
//       slug: string | null,    the public list's slug, null until one is set
//       url: string | null,     the public page's absolute URL (the card's description)
//     },
//     books: Book[],            the 4 most recently added live books, newest first
//     charts: {
//       added_per_month: [{ month: 'YYYY-MM', count }],  12 entries, oldest first, this month last
//       status: { not_started, reading, finished },      live books by derived status
//       views_per_day: [{ day: 'YYYY-MM-DD', count }],   30 entries, oldest first, today last
//     } } }

export type { DemoData } from '~/shared/responses/demo'

/** Cards on the dashboard show at most 4. */
const RECENT_BOOKS = 4

export const demo = new Hono<AppEnv>()

demo.get('/', async (c) => {
  const { deps, auth } = c.var
  const accountId = auth.account.id
  const now = new Date()
  const [counts, recent, months, views, viewsEver] = await Promise.all([
    statusCounts(deps.db, accountId),
    recentBooks(deps.db, accountId, RECENT_BOOKS),
    addedPerMonth(deps.db, accountId, 12, now),
    viewsWindow(deps.db, accountId, 30, now),
    totalViews(deps.db, accountId),
  ])
  const { total, ...status } = counts
  const slug = auth.account.slug
  const data: DemoData = {
    stats: {
      books: total,
      views: viewsEver,
      views_30d: views.current,
      views_prev_30d: views.previous,
      views_change: views.change,
      slug,
      url: slug ? `${deps.appUrl}/${slug}` : null,
    },
    books: recent,
    charts: { added_per_month: months, status, views_per_day: views.perDay },
  }
  return c.json({ data })
})
