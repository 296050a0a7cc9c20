import { Hono } from 'hono'
import { t, type AppEnv } from '../context'
import { booksAddedBetween, currentMonth, statusCounts, viewsWindow } from '../services/stats'

// GET /api/account/usage answers total, label and period. Plans meter books (the free
// plan has "Unlimited books"), so usage is the account's book count:
//
// { data: {
//     total: number,            live books in the session's account
//     label: string,            what total counts, translated: "books" / "libros"
//     period: { start, end },   the current UTC calendar month, ISO 8601 (start inclusive,
//                               end exclusive): the window of the two figures below
//     added: number,            live books added during the period
//     views: number,            public page loads during the period
// } }

export const usage = new Hono<AppEnv>()

usage.get(
  '/',
  async (c) => {
    const { deps, actor } = c.var
    const now = new Date()
    const { start, end } = currentMonth(now)
    const days = now.getUTCDate()
    const [counts, added, views] = await Promise.all([
      statusCounts(deps.db, actor.account.id),
      booksAddedBetween(deps.db, actor.account.id, start, end),
      viewsWindow(deps.db, actor.account.id, days, now),
    ])
    return c.json({
      data: {
        total: counts.total,
        label: t(c, 'usage.books'),
        period: { start: start.toISOString(), end: end.toISOString() },
        added,
        views: views.current,
      },
    })
  },
)
