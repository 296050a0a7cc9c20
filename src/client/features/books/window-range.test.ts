import { expect, test } from 'vitest'
import { visibleRange } from './window-range'

test('the rows in view plus overscan, clamped to the list', () => {
  // List starts 200px below the top of an 800px viewport, 100px rows: rows 0..5 are visible.
  expect(visibleRange(200, 800, 10_000, 100, 2)).toEqual({ start: 0, end: 8 })
  // Scrolled 5,000px into the list.
  expect(visibleRange(-5000, 800, 10_000, 100, 2)).toEqual({ start: 48, end: 60 })
  // Near the end.
  expect(visibleRange(-999_500, 800, 10_000, 100, 2)).toEqual({ start: 9993, end: 10_000 })
  // The list is below the viewport: nothing but the overscan.
  expect(visibleRange(2000, 800, 10_000, 100, 2)).toEqual({ start: 0, end: 2 })
  expect(visibleRange(0, 800, 0, 100, 2)).toEqual({ start: 0, end: 0 })
  expect(visibleRange(0, 800, 3, 100, 8)).toEqual({ start: 0, end: 3 })
})

test('a window over 10,000 rows never renders more than a screenful', () => {
  for (let scroll = 0; scroll < 1_000_000; scroll += 37_321) {
    const { start, end } = visibleRange(-scroll, 900, 10_000, 96, 8)
    expect(end - start).toBeLessThanOrEqual(Math.ceil(900 / 96) + 1 + 16)
  }
})
