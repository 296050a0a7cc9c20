import type { Book } from '~/shared/schemas/book'

// The reader's year (decisions: the reader's year), computed on the device from the books in
// Dexie, so /stats and the dashboard's goal card work offline and follow every local change. One
// pass over the books: quick for 10,000 of them.
//
// Dates: `finished_at` is a calendar day (YYYY-MM-DD) the reader entered, so its year and month
// are read from the text, never through a time zone. Only "today" depends on the zone: it is the
// reader's local day (`localToday`), which picks the current year and the pace.

export type StatsBook = Pick<Book, 'id' | 'title' | 'author' | 'pages' | 'rating' | 'finished_at'>

export type BookRef = Pick<Book, 'id' | 'title' | 'author' | 'pages'>

export interface Pace {
  /** Books ahead of (> 0) or behind (< 0) the even pace that reaches the goal on 31 December. */
  ahead: number
  /** Behind only: books to finish by the end of this month to be back on pace. */
  neededThisMonth: number
  reached: boolean
}

export interface YearStats {
  year: number
  finished: number
  goal: number | null
  /** 0–100, finished against the goal; null without a goal. */
  percent: number | null
  /** 12 entries, January first: books finished in each month of the year. */
  perMonth: { month: string; count: number }[]
  /** Pages of the finished books whose page count is known. */
  pages: number
  /** Finished books without a page count (listed so the reader can fill them in). */
  missingPages: BookRef[]
  /** Mean of the ratings given, one decimal; null when none was rated. */
  averageRating: number | null
  rated: number
  /** The authors with most finished books, most first (at most 5). */
  topAuthors: { author: string; count: number }[]
  longest: BookRef | null
  shortest: BookRef | null
  /** The current year with a goal only. */
  pace: Pace | null
}

const TOP_AUTHORS = 5

/** The reader's local day as YYYY-MM-DD (the device's zone unless one is given). */
export function localToday(now: Date, timeZone?: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

const yearOf = (day: string | null) => (day && /^\d{4}-\d{2}-\d{2}/.test(day) ? Number(day.slice(0, 4)) : null)

/** Years with at least one finished book, newest first. */
export function finishedYears(books: Iterable<Pick<StatsBook, 'finished_at'>>): number[] {
  const years = new Set<number>()
  for (const b of books) {
    const y = yearOf(b.finished_at)
    if (y !== null) years.add(y)
  }
  return [...years].sort((a, b) => b - a)
}

/** Books finished in `year` (each finished copy counts: a book on the list twice was read twice). */
export function finishedIn<T extends Pick<StatsBook, 'finished_at'>>(books: Iterable<T>, year: number): T[] {
  const prefix = `${year}-`
  const out: T[] = []
  for (const b of books) if (b.finished_at?.startsWith(prefix)) out.push(b)
  return out
}

const ref = (b: StatsBook): BookRef => ({ id: b.id, title: b.title, author: b.author, pages: b.pages })

export function yearStats(books: Iterable<StatsBook>, year: number, goal: number | null, today: string): YearStats {
  const done = finishedIn(books, year).sort((a, b) => (a.finished_at! < b.finished_at! ? -1 : 1))
  const perMonth = Array.from({ length: 12 }, (_, i) => ({
    month: `${year}-${String(i + 1).padStart(2, '0')}`,
    count: 0,
  }))
  let pages = 0
  let ratingSum = 0
  let rated = 0
  const missingPages: BookRef[] = []
  const authors = new Map<string, { author: string; count: number }>()
  let longest: StatsBook | null = null
  let shortest: StatsBook | null = null
  for (const b of done) {
    const month = Number(b.finished_at!.slice(5, 7))
    if (month >= 1 && month <= 12) perMonth[month - 1]!.count++
    if (b.pages != null && b.pages > 0) {
      pages += b.pages
      if (!longest || b.pages > longest.pages!) longest = b
      if (!shortest || b.pages < shortest.pages!) shortest = b
    } else missingPages.push(ref(b))
    if (b.rating != null) {
      ratingSum += b.rating
      rated++
    }
    const name = b.author?.trim()
    if (name) {
      // One author however the spelling's case varies; the first spelling met is shown.
      const key = name.toLocaleLowerCase()
      const entry = authors.get(key) ?? { author: name, count: 0 }
      entry.count++
      authors.set(key, entry)
    }
  }
  const topAuthors = [...authors.values()]
    .sort((a, b) => b.count - a.count || a.author.localeCompare(b.author))
    .slice(0, TOP_AUTHORS)
  const finished = done.length
  return {
    year,
    finished,
    goal,
    percent: goal ? Math.min(100, Math.round((finished / goal) * 100)) : null,
    perMonth,
    pages,
    missingPages,
    averageRating: rated ? Math.round((ratingSum / rated) * 10) / 10 : null,
    rated,
    topAuthors,
    longest: longest && ref(longest),
    shortest: shortest && ref(shortest),
    pace: goal && yearOf(today) === year ? paceOf(finished, goal, today) : null,
  }
}

const DAY_MS = 86_400_000
const dayNumber = (day: string) => Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)) / DAY_MS

/**
 * An even pace reaches the goal on 31 December: by the end of `today`, goal × (days gone / days
 * in the year) books, rounded down (a book is due once it is whole).
 */
export function paceOf(finished: number, goal: number, today: string): Pace {
  const year = +today.slice(0, 4)
  const first = dayNumber(`${year}-01-01`)
  const days = dayNumber(`${year + 1}-01-01`) - first
  const due = (dayCount: number) => Math.floor((goal * dayCount) / days)
  const ahead = finished - due(dayNumber(today) - first + 1)
  const month = +today.slice(5, 7)
  const monthEnd = Date.UTC(year, month, 1) / DAY_MS // the first day of next month
  const neededThisMonth = ahead < 0 ? Math.max(0, due(monthEnd - first) - finished) : 0
  return { ahead, neededThisMonth, reached: finished >= goal }
}
