import { expect, test } from 'vitest'
import { assignRowKeys } from './row-keys'

const none = { slots: new Map<string, number>(), keys: [] as string[] }

/** The elements React moves to go from the `before` keys to the `after` keys (its walk: a kept
 *  element placed before one already placed further down is moved). */
function moves(before: string[], after: string[]): string[] {
  let last = -1
  const moved: string[] = []
  for (const key of after) {
    const was = before.indexOf(key)
    if (was < 0) continue
    if (was < last) moved.push(key)
    else last = was
  }
  return moved
}

test('a book keeps its key while it stays on screen, wherever it moves', () => {
  const first = assignRowKeys(none, ['a', 'b', 'c'])
  expect(first.keys).toEqual(['0', '1', '2'])
  // a moved down one place: both rows keep their elements.
  const moved = assignRowKeys(first, ['b', 'a', 'c'])
  expect(moved.keys).toEqual(['1', '0', '2'])
})

test('a book coming on screen takes the key of one that left', () => {
  const first = assignRowKeys(none, ['a', 'b', 'c', 'd'])
  // A search keeps c and brings x and y: they reuse the rows of books that left (no element is
  // built), a's before c and d's after it, so no element moves either.
  const searched = assignRowKeys(first, ['x', 'c', 'y'])
  expect(searched.keys).toEqual(['0', '2', '3'])
  expect(moves(first.keys, searched.keys)).toEqual([])
  // A scroll of one row: b, c, d keep theirs; e takes a's.
  const scrolled = assignRowKeys(first, ['b', 'c', 'd', 'e'])
  expect(scrolled.keys).toEqual(['1', '2', '3', '0'])
  expect(moves(first.keys, scrolled.keys)).toEqual(['0'])
})

test('the rows coming on screen take the free elements that keep the document order', () => {
  const first = assignRowKeys(none, ['a', 'b', 'c', 'd', 'e', 'f', 'g'])
  // A search keeps a, c and f (in the same order) and brings four books: only the rows that
  // cannot stay in order move (three of the new books must come after f, whose element was sixth
  // of seven), and a taking the first place and x between c and f move nothing.
  const searched = assignRowKeys(first, ['a', 'x', 'c', 'f', 'y', 'z', 'w'])
  expect(new Set(searched.keys)).toEqual(new Set(first.keys))
  expect(moves(first.keys, searched.keys)).toHaveLength(2)
  // Every book of the search in a freed row, all in order: nothing moves.
  const narrowed = assignRowKeys(first, ['p', 'q', 'r', 's', 't', 'u', 'v'])
  expect(moves(first.keys, narrowed.keys)).toEqual([])
  expect(new Set(narrowed.keys)).toEqual(new Set(first.keys))
})

test('keys are unique: loading rows and a repeated book get keys of their own', () => {
  const { keys } = assignRowKeys({ slots: new Map([['a', 0]]), keys: ['0'] }, ['a', undefined, 'a', 'b'])
  expect(keys).toEqual(['0', 'loading-1', 'again-2', '1'])
  expect(new Set(keys).size).toBe(keys.length)
})
