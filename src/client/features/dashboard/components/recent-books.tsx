import { Trans, useLingui } from '@lingui/react/macro'
import { Link as RouterLink } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import type { LocalBook } from '~/client/db'
import { BookCover } from '~/client/ui/book-cover'
import { CardGrid } from '~/client/ui/card-grid'
import { Badge } from '~/client/ui/data-table/badge'
import { Link } from '~/client/ui/link'
import { STATUS_BADGE, STATUS_LABEL } from './labels'

const styles = {
  card: css({
    display: 'flex',
    gap: '3',
    h: 'full',
    // Long titles and names wrap or truncate inside the card (4 cards per row).
    minW: 0,
    p: '4',
    bg: 'bg.panel',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
    color: 'fg',
    transition: 'border-color 0.15s, box-shadow 0.15s',
    _hover: { borderColor: 'accent', boxShadow: 'sm' },
  }),
  main: css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '1', minW: 0 }),
  title: css({ fontWeight: 'semibold', lineClamp: '2', overflowWrap: 'anywhere' }),
  author: css({
    fontSize: 'sm',
    color: 'fg.muted',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  }),
  badge: css({ alignSelf: 'flex-start', mt: 'auto' }),
  empty: css({
    color: 'fg.muted',
    p: '6',
    textAlign: 'center',
    borderWidth: '1px',
    borderStyle: 'dashed',
    borderColor: 'border.input',
    borderRadius: 'lg',
  }),
}

/** In place of the newest books while the account's books are still on their way to this device
 *  (its first sync): not "No books yet". */
export function RecentBooksArriving() {
  return (
    <p className={styles.empty} role="status">
      <Trans>Bringing your books to this device…</Trans>
    </p>
  )
}

/** The newest books on this device (Dexie), at most 4 (one row of the dashboard's card grid). */
export function RecentBooks({ books }: { books: LocalBook[] }) {
  const { t, i18n } = useLingui()
  if (books.length === 0) {
    return (
      <p className={styles.empty}>
        <Trans>
          No books yet. <Link to="/books/new">Add your first book</Link>
        </Trans>
      </p>
    )
  }
  return (
    <CardGrid.Root max={CardGrid.CARD_GRID_MAX.dashboard} columns={4} label={t`Newest books`}>
      {books.map((book) => (
        <RouterLink key={book.id} to="/books/$bookId" params={{ bookId: book.id }} className={styles.card}>
          <BookCover url={book.imageUrl} size="sm" />
          <span className={styles.main}>
            <span className={styles.title}>{book.title}</span>
            {book.author && <span className={styles.author}>{book.author}</span>}
            <Badge variant={STATUS_BADGE[book.status]} className={styles.badge}>
              {i18n._(STATUS_LABEL[book.status])}
            </Badge>
          </span>
        </RouterLink>
      ))}
    </CardGrid.Root>
  )
}
