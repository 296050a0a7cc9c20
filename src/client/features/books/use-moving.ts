import { useCallback, useEffect, useState } from 'react'
import type { LocalBook } from '~/client/db'
import type { Range } from './window-range'

// A move in "Up next" (an arrow key or a drop) shows in the frame it was asked in: the list is
// drawn with the book in its new place until Dexie's copy shows it there. Saving and re-reading
// take several IndexedDB round trips, more than a frame on a phone-class CPU. A save that fails
// puts the list back as Dexie has it.

interface Moving {
  id: string
  to: number
}

/**
 * `at` (the list as Dexie has it, loaded over `range`) with the move in flight applied, and
 * `show(id, to, saved)`: draw book `id` at index `to` until Dexie's list agrees or `saved` fails.
 */
export function useMoving(at: (index: number) => LocalBook | undefined, range: Range) {
  const [moving, setMoving] = useState<Moving | null>(null)
  let from = -1
  if (moving) {
    for (let i = range.start; i < range.end; i++) {
      if (at(i)?.id === moving.id) {
        from = i
        break
      }
    }
  }
  // Dexie's list has the book in its new place (or the book left the screen): draw it as is.
  const done = !moving || from === -1 || from === moving.to
  useEffect(() => {
    if (done && moving) setMoving((current) => (current === moving ? null : current))
  }, [done, moving])

  const show = useCallback((id: string, to: number, saved: Promise<unknown>) => {
    const next = { id, to }
    setMoving(next)
    saved.catch(() => setMoving((current) => (current === next ? null : current)))
  }, [])

  if (done) return { at, show }
  const book = at(from)
  const to = moving.to
  const drawn = (i: number) => {
    if (i === to) return book
    if (from < to && i >= from && i < to) return at(i + 1)
    if (from > to && i > to && i <= from) return at(i - 1)
    return at(i)
  }
  return { at: drawn, show }
}
