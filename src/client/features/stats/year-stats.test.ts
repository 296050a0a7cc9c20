import { describe, expect, test } from 'vitest'
import { finishedYears, localToday, paceOf, yearStats, type StatsBook } from './year-stats'

// The reader's year, computed on the device: year boundaries, books without finished dates,
// pages or ratings, re-read books, the pace against a goal, and 10,000 books quickly.

let n = 0
const book = (over: Partial<StatsBook>): StatsBook => ({
  id: `b${++n}`,
  title: `Book ${n}`,
  author: null,
  pages: null,
  rating: null,
  finished_at: null,
  ...over,
})

describe('year boundaries', () => {
  test('a finished day counts in the year written on it, 31 December and 1 January included', () => {
    const books = [
      book({ finished_at: '2024-12-31' }),
      book({ finished_at: '2025-01-01' }),
      book({ finished_at: '2025-12-31' }),
      book({ finished_at: '2026-01-01' }),
    ]
    const s = yearStats(books, 2025, null, '2026-03-01')
    expect(s.finished).toBe(2)
    expect(s.perMonth[0]).toEqual({ month: '2025-01', count: 1 })
    expect(s.perMonth[11]).toEqual({ month: '2025-12', count: 1 })
    expect(s.perMonth.reduce((a, m) => a + m.count, 0)).toBe(2)
  })

  test('"today" is the reader’s local day: New Year’s Eve in UTC is already New Year in Madrid and still in New York', () => {
    const at = new Date('2025-12-31T23:30:00Z')
    expect(localToday(at, 'Europe/Madrid')).toBe('2026-01-01')
    expect(localToday(at, 'America/New_York')).toBe('2025-12-31')
    expect(localToday(new Date('2026-01-01T03:00:00Z'), 'America/Los_Angeles')).toBe('2025-12-31')
  })

  test('the pace is only for the reader’s current year', () => {
    const books = [book({ finished_at: '2025-06-01' })]
    expect(yearStats(books, 2025, 10, '2025-12-31').pace).not.toBeNull()
    expect(yearStats(books, 2025, 10, '2026-01-01').pace).toBeNull()
  })
})

describe('incomplete books', () => {
  test('books without a finished date count nowhere; the years to pick from are those with finished books', () => {
    const books = [
      book({ finished_at: null, pages: 900, rating: 1, author: 'Unread' }),
      book({ finished_at: '2019-05-05' }),
      book({ finished_at: '2023-02-02' }),
      book({ finished_at: '2023-08-02' }),
    ]
    expect(finishedYears(books)).toEqual([2023, 2019])
    const s = yearStats(books, 2023, null, '2026-01-01')
    expect(s).toMatchObject({ finished: 2, pages: 0, averageRating: null, rated: 0, topAuthors: [], longest: null })
  })

  test('pages add up where known; books missing a page count are listed; longest and shortest among the known', () => {
    const a = book({ finished_at: '2025-03-01', pages: 300, title: 'Middle' })
    const b = book({ finished_at: '2025-04-01', pages: 120, title: 'Short' })
    const c = book({ finished_at: '2025-05-01', pages: 800, title: 'Long' })
    const d = book({ finished_at: '2025-06-01', pages: null, title: 'Unknown' })
    const e = book({ finished_at: '2025-07-01', pages: 0, title: 'Zero' })
    const s = yearStats([a, b, c, d, e], 2025, null, '2026-01-01')
    expect(s.pages).toBe(1220)
    expect(s.missingPages.map((m) => m.title)).toEqual(['Unknown', 'Zero'])
    expect(s.longest).toMatchObject({ id: c.id, pages: 800 })
    expect(s.shortest).toMatchObject({ id: b.id, pages: 120 })
  })

  test('the average rating counts rated books only, to one decimal', () => {
    const books = [
      book({ finished_at: '2025-01-01', rating: 5 }),
      book({ finished_at: '2025-01-02', rating: 4 }),
      book({ finished_at: '2025-01-03', rating: 4 }),
      book({ finished_at: '2025-01-04', rating: null }),
    ]
    expect(yearStats(books, 2025, null, '2026-01-01')).toMatchObject({ averageRating: 4.3, rated: 3 })
  })
})

describe('authors and re-reads', () => {
  test('top authors: most books first, case ignored, the first spelling kept, at most five', () => {
    const names = [
      'Ursula K. Le Guin',
      'ursula k. le guin',
      'Terry Pratchett',
      'Terry Pratchett',
      'Terry Pratchett',
      'A',
      'B',
      'C',
      'D',
    ]
    const books = names.map((author, i) => book({ author, finished_at: `2025-02-${String(i + 1).padStart(2, '0')}` }))
    const s = yearStats(books, 2025, null, '2026-01-01')
    expect(s.topAuthors).toEqual([
      { author: 'Terry Pratchett', count: 3 },
      { author: 'Ursula K. Le Guin', count: 2 },
      { author: 'A', count: 1 },
      { author: 'B', count: 1 },
      { author: 'C', count: 1 },
    ])
  })

  test('a book on the list twice (read twice) counts each reading in its own year', () => {
    const first = book({ title: 'Dune', author: 'Frank Herbert', pages: 600, finished_at: '2024-03-01' })
    const again = book({ title: 'Dune', author: 'Frank Herbert', pages: 600, finished_at: '2025-03-01' })
    const third = book({ title: 'Dune', author: 'Frank Herbert', pages: 600, finished_at: '2025-09-01' })
    expect(yearStats([first, again, third], 2024, null, '2026-01-01')).toMatchObject({ finished: 1, pages: 600 })
    expect(yearStats([first, again, third], 2025, null, '2026-01-01')).toMatchObject({
      finished: 2,
      pages: 1200,
      topAuthors: [{ author: 'Frank Herbert', count: 2 }],
    })
  })
})

describe('goal and pace', () => {
  test('percent against the goal, capped at 100', () => {
    const books = Array.from({ length: 6 }, (_, i) => book({ finished_at: `2025-01-0${i + 1}` }))
    expect(yearStats(books, 2025, 12, '2026-01-01').percent).toBe(50)
    expect(yearStats(books, 2025, 4, '2026-01-01').percent).toBe(100)
    expect(yearStats(books, 2025, null, '2026-01-01').percent).toBeNull()
  })

  test('ahead and behind an even pace; behind says how many this month gets back on track', () => {
    // 12 books a year. On 2 July (day 183 of 365) 6.02 are due: six.
    expect(paceOf(8, 12, '2025-07-02')).toMatchObject({ ahead: 2, neededThisMonth: 0 })
    expect(paceOf(6, 12, '2025-07-02')).toMatchObject({ ahead: 0, neededThisMonth: 0 })
    // By 31 July (day 212) 6.97 are due, six whole ones: five read is one behind, one this month.
    expect(paceOf(5, 12, '2025-07-02')).toMatchObject({ ahead: -1, neededThisMonth: 1 })
    expect(paceOf(4, 12, '2025-07-02')).toMatchObject({ ahead: -2, neededThisMonth: 2 })
    // On 1 August (day 213: 7.003) seven are due, and still seven by 31 August (day 243: 7.99).
    expect(paceOf(6, 12, '2025-08-01')).toMatchObject({ ahead: -1, neededThisMonth: 1 })
    expect(paceOf(12, 12, '2025-08-01')).toMatchObject({ reached: true })
    // 31 December of a leap year: the whole goal is due.
    expect(paceOf(51, 52, '2024-12-31')).toMatchObject({ ahead: -1, neededThisMonth: 1 })
  })
})

test('10,000 books are computed quickly', () => {
  const books = Array.from({ length: 10_000 }, (_, i) =>
    book({
      finished_at: i % 3 === 0 ? null : `${2015 + (i % 11)}-${String((i % 12) + 1).padStart(2, '0')}-15`,
      pages: i % 7 === 0 ? null : 100 + (i % 500),
      rating: i % 5 === 0 ? null : (i % 5) + 1,
      author: `Author ${i % 300}`,
    }),
  )
  const start = performance.now()
  for (const y of finishedYears(books)) yearStats(books, y, 50, '2025-06-15')
  expect(performance.now() - start).toBeLessThan(500)
})
