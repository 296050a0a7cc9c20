import { useLingui } from '@lingui/react/macro'
import { Bookmark, BookOpenText, CircleCheck, Pencil, Trash2 } from 'lucide-react'
import { memo, type ReactElement } from 'react'
import { css } from 'styled-system/css'
import type { LocalBook } from '~/client/db'
import { followLink } from '~/client/lib/navigation'
import { BookCover, bookCover } from '~/client/ui/book-cover'
import { buttonRecipe } from '~/client/ui/button'
import { DataTable } from '~/client/ui/data-table'
import { addedDay, type BookStatus } from '~/shared/schemas/book'
import { formatDay, STATUS_BADGE, STATUS_LABEL } from '../labels'
import { RowRating } from './row-rating'
import { RowHandle, type RowReorder } from './reorder'
import { SyncStateMark } from './sync-state'

/** Every row has this height, so the list can be windowed (see window-range.ts). */
export const ROW_HEIGHT = 116

export const rowStyles = {
  row: css({
    display: 'flex',
    alignItems: 'center',
    gap: { base: '2', sm: '3', md: '4' },
    h: 'full',
    px: { base: '3', md: '4' },
    borderBottomWidth: '1px',
    borderColor: 'border',
    bg: 'bg.panel',
    transition: 'background 0.1s',
    _hover: { bg: 'bg.subtle' },
    // Set by the drag handle (reorder.tsx) while the row is dragged.
    '&[data-dragging]': { position: 'relative', zIndex: 2, boxShadow: 'lg', cursor: 'grabbing' },
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
  // On a phone Edit and Delete are stacked, so the stars, the status and the sync mark fit beside
  // them (side by side they left the row's text 110 px at 360 px wide).
  actions: css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: 'center',
    gap: '1',
    flexShrink: 0,
  }),
  status: css({ gap: '1', flexShrink: 0 }),
  // The status's word: beside its icon from a tablet's width; on a phone read out only.
  statusText: css({ srOnly: { base: true, sm: false } }),
  // Edit is in reach on every screen, phones too (the title opens the book's page instead).
  iconLink: css({ layerStyle: 'iconButton', w: '10', h: '10' }),
  skeleton: css({ bg: 'bg.muted', borderRadius: 'sm', h: '3' }),
}

// Icons drawn once: the same element every render is skipped by React, and building a lucide
// icon is a good part of a row's cost.
const PENCIL = <Pencil aria-hidden size={18} />
const TRASH = <Trash2 aria-hidden size={18} />
const STATUS_ICON: Record<BookStatus, ReactElement> = {
  not_started: <Bookmark aria-hidden size={12} />,
  reading: <BookOpenText aria-hidden size={12} />,
  finished: <CircleCheck aria-hidden size={12} />,
}
// The kit button's look, worked out once (a plain button: the kit's adds a component per row).
const DELETE_BUTTON = buttonRecipe({ variant: 'ghost', size: 'icon' })

export interface BookRowProps {
  book: LocalBook
  onDelete: (book: LocalBook, trigger: HTMLElement) => void
  /** The drag handle's callbacks (the list's, the same for every row; shown while the list can
   *  be reordered). */
  reorder: RowReorder
}

/** Memoised: a list change draws again only the rows whose book changed (or all of them when the
 *  list becomes reorderable again, for the handles). */
export const BookRow = memo(function BookRow({ book, onDelete, reorder }: BookRowProps) {
  const { t, i18n } = useLingui()
  const title = book.title
  const day = book.finished_at
    ? t`Finished ${formatDay(i18n, book.finished_at, 'medium')}`
    : book.started_at
      ? t`Started ${formatDay(i18n, book.started_at, 'medium')}`
      : t`Added ${formatDay(i18n, addedDay(book), 'medium')}`
  const review = book.review ? book.review.slice(0, 160).replace(/\s+/g, ' ') : null
  return (
    <div className={rowStyles.row} data-book-id={book.id}>
      <RowHandle book={book} {...reorder} />
      <BookCover url={book.imageUrl} />
      <div className={rowStyles.main}>
        {/* Plain links: a router link works out its location on every render of every row. */}
        <a href={`/books/${book.id}`} onClick={followLink} className={rowStyles.title}>
          {book.title}
        </a>
        <span className={rowStyles.author}>{book.author}</span>
        <span className={rowStyles.meta}>
          <RowRating book={book} />
          <DataTable.Badge variant={STATUS_BADGE[book.status]} className={rowStyles.status}>
            {STATUS_ICON[book.status]}
            <span className={rowStyles.statusText}>{i18n._(STATUS_LABEL[book.status])}</span>
          </DataTable.Badge>
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
        <button
          type="button"
          className={DELETE_BUTTON}
          aria-label={t`Delete “${title}”`}
          title={t`Delete`}
          onClick={(e) => onDelete(book, e.currentTarget)}
        >
          {TRASH}
        </button>
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
