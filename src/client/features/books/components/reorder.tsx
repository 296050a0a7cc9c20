import {
  closestCenter,
  DndContext,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core'
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useLingui } from '@lingui/react/macro'
import { GripVertical } from 'lucide-react'
import { memo, useCallback, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { css } from 'styled-system/css'
import type { LocalBook } from '~/client/db'

// "Up next" reordering on /books (decision 35) with dnd-kit: a drag handle per row for the
// pointer (mouse, touch, pen); from the keyboard the same handle moves its book one place per
// arrow key (book-list-page.tsx), announced in a live region. dnd-kit's own keyboard sensor is
// not used: one key press, one move, is simpler to learn than pick up / move / drop.

/** What the drag needs of the list on screen, read when a drag happens (the list keeps it current). */
export interface ReorderList {
  /** The list index of a book id on screen (-1 when not). */
  indexOf: (id: string) => number
  titleOf: (id: string) => string
  total: number
  onMove: (from: number, to: number) => void
}

/**
 * dnd-kit's context for the whole list. Its props never change with what the list shows (it reads
 * `list` when a drag starts, moves or ends), so a keystroke in the search box below it does not
 * draw it again.
 */
export function ReorderContext({ list, children }: { list: RefObject<ReorderList>; children: ReactNode }) {
  const { t } = useLingui()
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }))
  const place = (id: string | number) => list.current.indexOf(String(id)) + 1
  const name = (id: string | number) => list.current.titleOf(String(id))
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const total = list.current.total
      return t`Picked up “${name(active.id)}”, place ${place(active.id)} of ${total}.`
    },
    onDragOver: ({ active, over }) => {
      const total = list.current.total
      return over ? t`“${name(active.id)}” is over place ${place(over.id)} of ${total}.` : undefined
    },
    onDragEnd: ({ active, over }) => {
      const total = list.current.total
      return over ? t`“${name(active.id)}” moved to place ${place(over.id)} of ${total}.` : undefined
    },
    onDragCancel: ({ active }) => t`Move of “${name(active.id)}” cancelled.`,
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = list.current.indexOf(String(active.id))
    const to = list.current.indexOf(String(over.id))
    if (from >= 0 && to >= 0) list.current.onMove(from, to)
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t`Drag to change its place in Up next, or press the up and down arrow keys.`,
        },
      }}
    >
      {children}
    </DndContext>
  )
}

const NONE: string[] = []

/** The rows on screen as dnd-kit's sortable items (none while the list cannot be reordered, so a
 *  keystroke tells no one of new ids). */
export function ReorderItems({ enabled, ids, children }: { enabled: boolean; ids: string[]; children: ReactNode }) {
  return (
    <SortableContext items={enabled ? ids : NONE} strategy={verticalListSortingStrategy} disabled={!enabled}>
      {children}
    </SortableContext>
  )
}

export interface RowReorder {
  /** Arrow keys on the handle: -1 up, +1 down. */
  onStep: (book: LocalBook, delta: -1 | 1) => void
  describedBy: string
}

const handleStyle = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '8',
  h: '10',
  flexShrink: 0,
  mx: '-1',
  borderRadius: 'md',
  color: 'fg.muted',
  cursor: 'grab',
  touchAction: 'none',
  _hover: { bg: 'bg.muted', color: 'fg' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent', outlineOffset: '1px' },
})

const GRIP = <GripVertical aria-hidden size={18} />

/**
 * A row's drag handle, and the only part of the row that is sortable: dnd-kit's hook runs here,
 * and the row it belongs to (the `[data-book-id]` element around it) is the node dnd-kit measures
 * and moves. So a row is the same component whether or not the list can be reordered, and a
 * change of order re-runs the handles' hooks, not the rows.
 *
 * While the list cannot be reordered (no `book`: a search, a filter, another order) the handle
 * is hidden, not removed, and it keeps the book it had: the first letter typed hides the
 * handles (an attribute each) instead of taking them out of the page and out of dnd-kit, and rows
 * given other books as the reader types do not register new sortable items.
 */
export const SortableHandle = memo(function SortableHandle({
  book: shown,
  onStep,
  describedBy,
}: RowReorder & { book: LocalBook | undefined }) {
  const { t } = useLingui()
  const own = useId()
  const active = shown !== undefined
  const [held, setHeld] = useState(shown)
  if (active && held !== shown) setHeld(shown)
  // A row first drawn under a search has had no book to hold: an id of its own, never a book's.
  const book = shown ?? held
  const id = book?.id ?? `row-${own}`
  const title = book?.title ?? ''
  const { setNodeRef, setActivatorNodeRef, listeners, transform, transition, isDragging } = useSortable({
    id,
  })
  const row = useRef<HTMLElement | null>(null)
  const ref = useCallback(
    (el: HTMLButtonElement | null) => {
      setActivatorNodeRef(el)
      row.current = el?.closest<HTMLElement>('[data-book-id]') ?? null
      setNodeRef(row.current)
    },
    [setActivatorNodeRef, setNodeRef],
  )
  // The row is drawn by its own component: the drag's offset and state are put on it here.
  const translate = CSS.Translate.toString(transform) ?? ''
  useLayoutEffect(() => {
    const el = row.current
    if (!el) return
    el.style.transform = translate
    el.style.transition = transition ?? ''
    el.toggleAttribute('data-dragging', isDragging)
    return () => {
      el.style.transform = ''
      el.style.transition = ''
      el.removeAttribute('data-dragging')
    }
  }, [translate, transition, isDragging])
  return (
    <button
      ref={ref}
      type="button"
      hidden={!active}
      className={handleStyle}
      aria-label={t`Move “${title}”`}
      aria-describedby={describedBy}
      data-reorder-handle={active ? id : undefined}
      {...listeners}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return
        e.preventDefault()
        if (shown) onStep(shown, e.key === 'ArrowUp' ? -1 : 1)
      }}
    >
      {GRIP}
    </button>
  )
})
