import { expect, test } from 'vitest'
import { assignRowKeys } from './row-keys'

test('a book keeps its key while it stays on screen, wherever it moves', () => {
  const first = assignRowKeys(new Map(), ['a', 'b', 'c'])
  expect(first.keys).toEqual(['0', '1', '2'])
  // a moved down one place: both rows keep their elements.
  const moved = assignRowKeys(first.slots, ['b', 'a', 'c'])
  expect(moved.keys).toEqual(['1', '0', '2'])
})

test('a book coming on screen takes the key of one that left', () => {
  const first = assignRowKeys(new Map(), ['a', 'b', 'c', 'd'])
  // A search keeps c and brings x and y: they reuse a's and b's rows.
  const searched = assignRowKeys(first.slots, ['x', 'c', 'y'])
  expect(searched.keys).toEqual(['0', '2', '1'])
  // A scroll of one row: b, c, d keep theirs; e takes a's.
  const scrolled = assignRowKeys(first.slots, ['b', 'c', 'd', 'e'])
  expect(scrolled.keys).toEqual(['1', '2', '3', '0'])
})

test('keys are unique: loading rows and a repeated book get keys of their own', () => {
  const { keys } = assignRowKeys(new Map([['a', 0]]), ['a', undefined, 'a', 'b'])
  expect(keys).toEqual(['0', 'loading-1', 'again-2', '1'])
  expect(new Set(keys).size).toBe(keys.length)
})
