import { useCallback, useEffect, useState } from 'react'
import type { LocalBook } from '~/client/db'
import type { Range } from './window-range'

// A move in "Up next" (an arrow key or a drop) shows in the frame it was asked in: the list is
// drawn with the book in its new place until Dexie's copy shows it there. Saving and re-reading
// take several IndexedDB round trips, more than a frame on a phone-class CPU. The drawing stays
// until its save is committed and Dexie's list agrees (moves made in quick succession commit one
// after another, and an earlier one landing must not undo a later one on screen); a save that
// fails puts the list back as Dexie has it.

interface Moving {
  id: string
  to: number
  saved?: true
}

/** After its save, a move Dexie's list never agrees with (another device moved the book too) is
 *  drawn from Dexie after this long. */
const AGREE_MS = 2000

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
  const agrees = !moving || from === -1 || from === moving.to
  const over = !!moving?.saved && agrees
  useEffect(() => {
    if (!moving?.saved) return
    const clear = () => setMoving((current) => (current === moving ? null : current))
    if (over) return clear()
    const timer = setTimeout(clear, AGREE_MS)
    return () => clearTimeout(timer)
  }, [over, moving])

  const show = useCallback((id: string, to: number, saved: Promise<unknown>) => {
    const next: Moving = { id, to }
    const settle = (after: Moving | null) => setMoving((current) => (current === next ? after : current))
    setMoving(next)
    saved.then(
      () => settle({ ...next, saved: true }),
      () => settle(null),
    )
  }, [])

  if (!moving || agrees) return { at, show }
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
