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
import { memo, useMemo, type ReactNode } from 'react'
import type { LocalBook } from '~/client/db'
import { BookRow } from './book-row'

// "Up next" reordering on /books (decision 35) with dnd-kit: a drag handle per row for the
// pointer (mouse, touch, pen); from the keyboard the same handle moves its book one place per
// arrow key (book-list-page.tsx), announced in a live region. dnd-kit's own keyboard sensor is
// not used: one key press, one move, is simpler to learn than pick up / move / drop.

export interface ReorderProps {
  enabled: boolean
  /** Ids of the rows on screen, in list order. */
  ids: string[]
  /** The list index of a book id on screen (-1 when not). */
  indexOf: (id: string) => number
  titleOf: (id: string) => string
  total: number
  onMove: (from: number, to: number) => void
  children: ReactNode
}

export function ReorderContext({ enabled, ids, indexOf, titleOf, total, onMove, children }: ReorderProps) {
  const { t } = useLingui()
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }))
  const place = (id: string | number) => indexOf(String(id)) + 1
  const name = (id: string | number) => titleOf(String(id))
  const announcements: Announcements = {
    onDragStart: ({ active }) => t`Picked up “${name(active.id)}”, place ${place(active.id)} of ${total}.`,
    onDragOver: ({ active, over }) =>
      over ? t`“${name(active.id)}” is over place ${place(over.id)} of ${total}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t`“${name(active.id)}” moved to place ${place(over.id)} of ${total}.` : undefined,
    onDragCancel: ({ active }) => t`Move of “${name(active.id)}” cancelled.`,
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = indexOf(String(active.id))
    const to = indexOf(String(over.id))
    if (from >= 0 && to >= 0) onMove(from, to)
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
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={!enabled}>
        {children}
      </SortableContext>
    </DndContext>
  )
}

export interface SortableBookRowProps {
  book: LocalBook
  onDelete: (book: LocalBook, trigger: HTMLElement) => void
  /** Arrow keys on the handle: -1 up, +1 down. */
  onStep: (book: LocalBook, delta: -1 | 1) => void
  describedBy: string
}

/** A row of the reorderable list (a list under a search, a filter or another order draws plain
 *  `BookRow`s: no sortable hooks to run on each keystroke). */
export const SortableBookRow = memo(function SortableBookRow({
  book,
  onDelete,
  onStep,
  describedBy,
}: SortableBookRowProps) {
  const { setNodeRef, setActivatorNodeRef, listeners, transform, transition, isDragging } = useSortable({
    id: book.id,
  })
  // The list's order changing re-runs every row's sortable hook; the row under it is drawn again
  // only when what it shows changes (its book, its drag state), so its props keep their identity.
  const translate = CSS.Translate.toString(transform)
  const style = useMemo(() => ({ transform: translate, transition }), [translate, transition])
  const handle = useMemo(
    () => ({
      ref: setActivatorNodeRef,
      listeners,
      describedBy,
      onKeyDown: (e: React.KeyboardEvent<HTMLButtonElement>) => {
        if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return
        e.preventDefault()
        onStep(book, e.key === 'ArrowUp' ? -1 : 1)
      },
    }),
    [setActivatorNodeRef, listeners, describedBy, onStep, book],
  )
  return (
    <BookRow book={book} onDelete={onDelete} nodeRef={setNodeRef} style={style} dragging={isDragging} handle={handle} />
  )
})
