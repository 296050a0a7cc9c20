import { expect, test } from 'vitest'
import { formatTimestamp } from './timestamp'

test('an ISO timestamp shows as YYYY-MM-DD HH:MM:SS (UTC)', () => {
  expect(formatTimestamp('2024-03-07T05:04:09.123Z', { utc: true })).toBe('2024-03-07 05:04:09')
  expect(formatTimestamp('2024-12-31T23:59:59Z', { utc: true })).toBe('2024-12-31 23:59:59')
})

test('offsets are honoured before formatting in UTC', () => {
  expect(formatTimestamp('2024-01-01T01:30:00+02:00', { utc: true })).toBe('2023-12-31 23:30:00')
})

test('by default the local wall-clock time is shown', () => {
  const d = new Date(2024, 0, 2, 3, 4, 5)
  expect(formatTimestamp(d.toISOString())).toBe('2024-01-02 03:04:05')
  expect(formatTimestamp(d)).toBe('2024-01-02 03:04:05')
})

test('24-hour clock, zero padded', () => {
  expect(formatTimestamp('2024-06-09T18:00:00Z', { utc: true })).toBe('2024-06-09 18:00:00')
})

test('missing or invalid values answer an empty string', () => {
  expect(formatTimestamp(null)).toBe('')
  expect(formatTimestamp(undefined)).toBe('')
  expect(formatTimestamp('')).toBe('')
  expect(formatTimestamp('not a date')).toBe('')
})
