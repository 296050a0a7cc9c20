import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Pencil, Trash2 } from 'lucide-react'
import { css } from 'styled-system/css'
import type { LocalBook } from '~/client/db'
import { BookCover, bookCover } from '~/client/ui/book-cover'
import { Button } from '~/client/ui/button'
import { DataTable } from '~/client/ui/data-table'
import { STATUS_BADGE, STATUS_LABEL } from '../labels'
import { Stars } from './stars'
import { SyncStateMark } from './sync-state'

/** Every row has this height, so the list can be windowed (see window-range.ts). */
export const ROW_HEIGHT = 96

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
  author: css({ fontSize: 'sm', color: 'fg.muted', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minH: '5' }),
  meta: css({ display: 'flex', alignItems: 'center', gap: '2', mt: '1', minW: 0, overflow: 'hidden' }),
  actions: css({ display: 'flex', alignItems: 'center', gap: '1', flexShrink: 0 }),
  // On phones the title is the way to edit: the pencil would squeeze the stars and badges.
  iconLink: css({
    display: { base: 'none', sm: 'inline-flex' },
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

export function BookRow({ book, onDelete }: { book: LocalBook; onDelete: (book: LocalBook, trigger: HTMLElement) => void }) {
  const { t, i18n } = useLingui()
  const title = book.title
  return (
    <div className={rowStyles.row} data-book-id={book.id}>
      <BookCover url={book.imageUrl} />
      <div className={rowStyles.main}>
        <Link to="/books/$bookId" params={{ bookId: book.id }} className={rowStyles.title}>
          {book.title}
        </Link>
        <span className={rowStyles.author}>{book.author}</span>
        <span className={rowStyles.meta}>
          <Stars rating={book.rating} size={14} />
          <DataTable.Badge variant={STATUS_BADGE[book.status]}>{i18n._(STATUS_LABEL[book.status])}</DataTable.Badge>
          <SyncStateMark state={book.sync} />
        </span>
      </div>
      <div className={rowStyles.actions}>
        <Link to="/books/$bookId" params={{ bookId: book.id }} className={rowStyles.iconLink} aria-label={t`Edit “${title}”`} title={t`Edit`}>
          <Pencil aria-hidden size={18} />
        </Link>
        <Button variant="ghost" size="icon" aria-label={t`Delete “${title}”`} title={t`Delete`} onClick={(e) => onDelete(book, e.currentTarget)}>
          <Trash2 aria-hidden size={18} />
        </Button>
      </div>
    </div>
  )
}

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
