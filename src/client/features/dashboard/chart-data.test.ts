import { describe, expect, test } from 'vitest'
import { addedPerMonth, statusCounts } from './chart-data'

describe('addedPerMonth', () => {
  test('12 UTC months, oldest first, this month last; books outside the window are left out', () => {
    const now = new Date('2025-03-15T10:00:00Z')
    const books = [
      { created_at: '2025-03-01T00:00:00.000Z' },
      { created_at: '2025-03-14T23:59:59.000Z' },
      { created_at: '2024-04-30T12:00:00.000Z' },
      { created_at: '2024-03-31T12:00:00.000Z' },
    ]
    const months = addedPerMonth(books, now)
    expect(months).toHaveLength(12)
    expect(months[0]).toEqual({ month: '2024-04', count: 1 })
    expect(months.at(-1)).toEqual({ month: '2025-03', count: 2 })
    expect(months.map((m) => m.month)).toContain('2025-01')
    expect(months.reduce((s, m) => s + m.count, 0)).toBe(3)
  })

  test('crosses the year boundary in January', () => {
    const months = addedPerMonth([], new Date('2025-01-02T00:00:00Z'), 3)
    expect(months.map((m) => m.month)).toEqual(['2024-11', '2024-12', '2025-01'])
  })
})

test('statusCounts counts each derived status', () => {
  expect(statusCounts([{ status: 'reading' }, { status: 'finished' }, { status: 'reading' }])).toEqual({
    not_started: 0,
    reading: 2,
    finished: 1,
  })
})
