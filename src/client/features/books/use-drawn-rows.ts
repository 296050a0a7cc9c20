import { useLayoutEffect, useMemo, useRef } from 'react'
import type { LocalBook } from '~/client/db'
import { useRowKeys } from './row-keys'
import { useFrameLate } from './use-frame-late'
import type { Range } from './window-range'

// The rows /books draws: which book each row shows, its React key (row-keys.ts) and the rows'
// order in the document. Kept apart from the page because each of these is worked out for a
// keystroke's cost: the rows' elements are reused and kept in place wherever they can be.

export interface DrawnRows {
  /** The book of each row drawn, from `range.start` (undefined: not loaded yet). */
  onScreen: (LocalBook | undefined)[]
  /** Each row's key. */
  keys: string[]
  /** The rows' order in the document, as indexes into `onScreen`. */
  order: number[]
  /** The books drawn. */
  shown: LocalBook[]
  /** Their ids: the same array while they are the same, so the sortable rows are not told of a
   *  change there is not. */
  ids: string[]
}

export function useDrawnRows({
  at,
  stored,
  range,
  inView,
  filtered,
  typing,
}: {
  /** The book at a list position as drawn (a move in flight applied, use-moving.ts). */
  at: (index: number) => LocalBook | undefined
  /** The same as Dexie has it. */
  stored: (index: number) => LocalBook | undefined
  /** The rows drawn, and those of them on the screen. */
  range: Range
  inView: Range
  /** Under a search or a filter. */
  filtered: boolean
  /** The reader is typing in the search box. */
  typing: boolean
}): DrawnRows {
  // Under a search or filter, a change draws the rows in view at once and the rows kept drawn
  // beyond the screen (for scrolling) later, in a pass that yields to the next keystroke: once
  // typing pauses, or from the next frame for any other change. Until then those keep a book they
  // showed (off screen, so their rows change nothing but their place): the one they showed if it
  // is not now in view, else one that left the screen. While the reader types, that later pass
  // (rows given other books, and put back in the screen's order in the document: a row moved out
  // of the document and back costs a whole row of style, layout and paint) would run after every
  // keystroke's frame, and the next keystroke would often wait behind it.
  const later = useFrameLate(at, filtered && typing)
  const lagging = filtered && later !== at
  const onScreen: (LocalBook | undefined)[] = []
  for (let i = range.start; i < range.end; i++)
    onScreen.push(!lagging || (i >= inView.start && i < inView.end) ? at(i) : undefined)
  if (lagging) {
    const drawn = new Set(onScreen.map((b) => b?.id))
    const spare: LocalBook[] = []
    for (let i = range.start; i < range.end; i++) {
      const book = later(i)
      if (!book || drawn.has(book.id)) continue
      if (i >= inView.start && i < inView.end) spare.push(book)
      else {
        onScreen[i - range.start] = book
        drawn.add(book.id)
      }
    }
    for (let i = range.start; i < range.end && spare.length > 0; i++) {
      const inSight = i >= inView.start && i < inView.end
      if (!inSight && !onScreen[i - range.start]) onScreen[i - range.start] = spare.pop()
    }
  }
  const shown = onScreen.filter((b): b is LocalBook => b !== undefined)
  const keys = useRowKeys(onScreen.map((b) => b?.id))
  // The same ids keep the same array, so the sortable rows are not told of a change there is not.
  const idsKey = shown.map((b) => b.id).join(' ')
  const ids = useMemo(() => (idsKey ? idsKey.split(' ') : []), [idsKey])

  // While a move is drawn ahead of its save, the rows keep the document order Dexie has them in
  // (only their places on screen change): putting a row's element after the next one takes the
  // focus from its handle, and React gives it back only after reading the scroll position of
  // every element around it, a layout of the whole page inside the key press. The document order
  // follows when Dexie's does.
  // Likewise the pass drawn in a search's key press keeps the rows' elements in the order they
  // had (a row given another book, or kept off screen, is not moved out of the document and back:
  // a row's worth of work each); the later pass puts them in the screen's order, for the keyboard
  // and screen readers.
  const order = onScreen.map((_, k) => k)
  const placed = useRef<string[]>([])
  if (lagging) {
    const was = new Map(placed.current.map((key, i) => [key, i]))
    const place = (k: number) => was.get(keys[k]!) ?? placed.current.length + k
    order.sort((x, y) => place(x) - place(y))
  } else if (at !== stored) {
    const dexiePlace = new Map<string, number>()
    for (let i = range.start; i < range.end; i++) {
      const b = stored(i)
      if (b) dexiePlace.set(b.id, i)
    }
    const place = (k: number) => dexiePlace.get(onScreen[k]?.id ?? '') ?? range.start + k
    order.sort((x, y) => place(x) - place(y))
  }

  const inDocument = order.map((k) => keys[k]!).join(' ')
  useLayoutEffect(() => {
    placed.current = inDocument ? inDocument.split(' ') : []
  }, [inDocument])
  return { onScreen, keys, order, shown, ids }
}
