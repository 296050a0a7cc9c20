import {
  closestCenter,
  DndContext,
  PointerSensor,
  useDndContext,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core'
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useLingui } from '@lingui/react/macro'
import { GripVertical } from 'lucide-react'
import { memo, useCallback, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { css } from 'styled-system/css'
import type { LocalBook } from '~/client/db'
import { layerHost } from '~/client/ui/portal'

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

/** The same object every render: dnd-kit makes its sensors again when their options change,
 *  and with them its context, drawing every handle again (as when the search is put in the URL). */
const POINTER = { activationConstraint: { distance: 4 } }

/**
 * dnd-kit's context for the whole list. Its props never change with what the list shows (it reads
 * `list` when a drag starts, moves or ends), so a keystroke in the search box below it does not
 * draw it again.
 */
export function ReorderContext({ list, children }: { list: RefObject<ReorderList>; children: ReactNode }) {
  const { t } = useLingui()
  const sensors = useSensors(useSensor(PointerSensor, POINTER))
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
        container: layerHost(),
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

/**
 * The rows on screen as dnd-kit's sortable items. Between drags it changes only when other books
 * come on screen: a keyboard move (a new order of the same books) or a search (the handles are
 * hidden then) leaves dnd-kit's context as it was, so the handles are not drawn again. A drag
 * takes the rows' order as it starts (dnd-kit measures the items again when they change).
 */
export function ReorderItems({ enabled, ids, children }: { enabled: boolean; ids: string[]; children: ReactNode }) {
  const { active } = useDndContext()
  const set = [...ids].sort().join(' ')
  const [kept, setKept] = useState({ ids, set })
  if (enabled && !active && kept.set !== set) setKept({ ids, set })
  return (
    <SortableContext items={enabled && active ? ids : kept.ids} strategy={verticalListSortingStrategy}>
      {children}
    </SortableContext>
  )
}

export interface RowReorder {
  /** Arrow keys on the handle: -1 up, +1 down. */
  onStep: (book: LocalBook, delta: -1 | 1) => void
  describedBy: string
  /** Whether the list can be reordered now ("Up next", no search or filter), read as the rows
   *  are drawn: a hidden handle is not drawn again when its row is given another book. */
  live: RefObject<boolean>
  /** Counts the times the list became reorderable: each draws every handle again, with its row's
   *  book. */
  epoch: number
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
  // The list (book-list-page.tsx) has this attribute while it can be reordered.
  'ul:not([data-reorderable]) &': { display: 'none' },
})

const GRIP = <GripVertical aria-hidden size={18} />

/**
 * A row's drag handle while the list can be reordered, and the only part of the row that is
 * sortable (see SortableHandle).
 *
 * While the list cannot be reordered (a search, a filter, another order) the handles are hidden
 * by the list's style and keep the book they had: the first letter typed changes one attribute of
 * the list instead of every handle, and rows given other books as the reader types neither draw
 * their handles again nor register new sortable items. A row first drawn then has no handle at
 * all (registering one would draw dnd-kit's context and every handle again). When the list can be
 * reordered again (`epoch`), each row has a handle for its own book.
 */
export const RowHandle = memo(
  function RowHandle(props: RowReorder & { book: LocalBook }) {
    const sortable = useRef(false)
    if (props.live.current) sortable.current = true
    return sortable.current ? <SortableHandle {...props} /> : null
  },
  (before, after) =>
    before.onStep === after.onStep &&
    before.describedBy === after.describedBy &&
    before.epoch === after.epoch &&
    (before.book === after.book || !after.live.current),
)

/**
 * dnd-kit's hook runs here, and the row the handle belongs to (the `[data-book-id]` element
 * around it) is the node dnd-kit measures and moves. So a row is the same component whether or
 * not the list can be reordered, and a change of order re-runs the handles' hooks, not the rows.
 */
function SortableHandle({ book, onStep, describedBy }: RowReorder & { book: LocalBook }) {
  const { t } = useLingui()
  const title = book.title
  const { setNodeRef, setActivatorNodeRef, listeners, transform, transition, isDragging } = useSortable({
    id: book.id,
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
      className={handleStyle}
      aria-label={t`Move “${title}”`}
      aria-describedby={describedBy}
      data-reorder-handle={book.id}
      {...listeners}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return
        e.preventDefault()
        onStep(book, e.key === 'ArrowUp' ? -1 : 1)
      }}
    >
      {GRIP}
    </button>
  )
}
