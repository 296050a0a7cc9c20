import { useLingui } from '@lingui/react/macro'
import { GripVertical, Pencil, Trash2 } from 'lucide-react'
import type React from 'react'
import { memo } from 'react'
import { css, cx } from 'styled-system/css'
import type { LocalBook } from '~/client/db'
import { followLink } from '~/client/lib/navigation'
import { BookCover, bookCover } from '~/client/ui/book-cover'
import { Button } from '~/client/ui/button'
import { DataTable } from '~/client/ui/data-table'
import { addedDay } from '~/shared/schemas/book'
import { formatDay, STATUS_BADGE, STATUS_LABEL } from '../labels'
import { RowRating } from './row-rating'
import { SyncStateMark } from './sync-state'

/** Every row has this height, so the list can be windowed (see window-range.ts). */
export const ROW_HEIGHT = 116

export const rowStyles = {
  row: css({
    display: 'flex',
    alignItems: 'center',
    gap: { base: '3', md: '4' },
    h: 'full',
    px: { base: '3', md: '4' },
    borderBottomWidth: '1px',
    borderColor: 'border',
    bg: 'bg.panel',
    transition: 'background 0.1s',
    _hover: { bg: 'bg.subtle' },
  }),
  main: css({ flex: '1', minW: 0, display: 'flex', flexDirection: 'column', gap: '0.5' }),
  title: css({
    fontWeight: 'semibold',
    color: 'fg',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    borderRadius: 'sm',
    _hover: { color: 'accent', textDecoration: 'underline', textUnderlineOffset: '2px' },
  }),
  author: css({
    fontSize: 'sm',
    color: 'fg.muted',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    minH: '5',
  }),
  meta: css({ display: 'flex', alignItems: 'center', gap: '2', mt: '1', minW: 0, overflow: 'hidden' }),
  // The day that says most (finished, else started, else added) and the start of the review.
  detail: css({
    fontSize: 'xs',
    color: 'fg.muted',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    minH: '4',
  }),
  handle: css({
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
  }),
  dragging: css({ position: 'relative', zIndex: 2, boxShadow: 'lg', cursor: 'grabbing' }),
  actions: css({ display: 'flex', alignItems: 'center', gap: '1', flexShrink: 0 }),
  // Edit is in reach on every screen, phones too (the title opens the book's page instead).
  iconLink: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '10',
    h: '10',
    borderRadius: 'md',
    color: 'fg.muted',
    _hover: { bg: 'bg.muted', color: 'fg' },
  }),
  skeleton: css({ bg: 'bg.muted', borderRadius: 'sm', h: '3' }),
}

// Icons drawn once: the same element every render is skipped by React, and building a lucide
// icon is a good part of a row's cost.
const GRIP = <GripVertical aria-hidden size={18} />
const PENCIL = <Pencil aria-hidden size={18} />
const TRASH = <Trash2 aria-hidden size={18} />

/** The drag handle's wiring (book-list-page.tsx): dnd-kit's pointer listeners and the arrow keys. */
export interface RowHandle {
  ref: (el: HTMLElement | null) => void
  listeners: Record<string, unknown> | undefined
  onKeyDown: (e: React.KeyboardEvent<HTMLButtonElement>) => void
  describedBy: string
}

export interface BookRowProps {
  book: LocalBook
  onDelete: (book: LocalBook, trigger: HTMLElement) => void
  /** Present while the list can be reordered ("Up next", no search or filter). */
  handle?: RowHandle
  /** dnd-kit's node ref and style while a row is dragged or makes room. */
  nodeRef?: (el: HTMLElement | null) => void
  style?: React.CSSProperties
  dragging?: boolean
}

/** Memoised: a list change draws again only the rows whose book (or drag state) changed. */
export const BookRow = memo(function BookRow({ book, onDelete, handle, nodeRef, style, dragging }: BookRowProps) {
  const { t, i18n } = useLingui()
  const title = book.title
  const day = book.finished_at
    ? t`Finished ${formatDay(i18n, book.finished_at, 'medium')}`
    : book.started_at
      ? t`Started ${formatDay(i18n, book.started_at, 'medium')}`
      : t`Added ${formatDay(i18n, addedDay(book), 'medium')}`
  const review = book.review ? book.review.slice(0, 160).replace(/\s+/g, ' ') : null
  return (
    <div
      ref={nodeRef}
      style={style}
      className={cx(rowStyles.row, dragging && rowStyles.dragging)}
      data-book-id={book.id}
    >
      {handle && (
        <button
          ref={handle.ref}
          type="button"
          className={rowStyles.handle}
          aria-label={t`Move “${title}”`}
          aria-describedby={handle.describedBy}
          data-reorder-handle={book.id}
          {...handle.listeners}
          onKeyDown={handle.onKeyDown}
        >
          {GRIP}
        </button>
      )}
      <BookCover url={book.imageUrl} />
      <div className={rowStyles.main}>
        {/* Plain links: a router link works out its location on every render of every row. */}
        <a href={`/books/${book.id}`} onClick={followLink} className={rowStyles.title}>
          {book.title}
        </a>
        <span className={rowStyles.author}>{book.author}</span>
        <span className={rowStyles.meta}>
          <RowRating book={book} />
          <DataTable.Badge variant={STATUS_BADGE[book.status]}>{i18n._(STATUS_LABEL[book.status])}</DataTable.Badge>
          <SyncStateMark state={book.sync} />
        </span>
        <span className={rowStyles.detail}>
          {day}
          {review && ` · “${review}”`}
        </span>
      </div>
      <div className={rowStyles.actions}>
        <a
          href={`/books/${book.id}/edit`}
          onClick={followLink}
          className={rowStyles.iconLink}
          aria-label={t`Edit “${title}”`}
          title={t`Edit`}
        >
          {PENCIL}
        </a>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t`Delete “${title}”`}
          title={t`Delete`}
          onClick={(e) => onDelete(book, e.currentTarget)}
        >
          {TRASH}
        </Button>
      </div>
    </div>
  )
})

/** A row whose book is still being read from the device. */
export function SkeletonRow() {
  return (
    <div className={rowStyles.row} aria-hidden>
      <span className={bookCover()} />
      <div className={rowStyles.main}>
        <span className={rowStyles.skeleton} style={{ width: '45%' }} />
        <span className={rowStyles.skeleton} style={{ width: '30%', marginTop: 8 }} />
      </div>
    </div>
  )
}
