import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BookOpen, Plus, Upload } from 'lucide-react'
import { css } from 'styled-system/css'
import { buttonRecipe } from '~/client/ui/button'
import * as Card from '~/client/ui/card'
import { ROW_HEIGHT, SkeletonRow } from './book-row'

export const emptyStyles = {
  empty: css({ alignItems: 'center', textAlign: 'center', py: '10!', gap: '3!' }),
  emptyIcon: css({ color: 'accent', bg: 'accent.subtle', borderRadius: 'full', p: '4', display: 'inline-flex' }),
  emptyTitle: css({ fontSize: 'xl', fontWeight: 'semibold' }),
  emptyText: css({ color: 'fg.muted', maxW: 'sm' }),
  actions: css({ display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'center' }),
  arriving: css({
    px: { base: '3', md: '4' },
    py: '3',
    color: 'fg.muted',
    fontSize: 'sm',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
}

/** /books with no book yet: add one, or bring a Goodreads/StoryGraph list (decision 35). */
export function EmptyList() {
  return (
    <Card.Root>
      <Card.Body className={emptyStyles.empty}>
        <span className={emptyStyles.emptyIcon} aria-hidden>
          <BookOpen size={28} />
        </span>
        <h2 className={emptyStyles.emptyTitle}>
          <Trans>Your list is empty</Trans>
        </h2>
        <p className={emptyStyles.emptyText}>
          <Trans>
            Add the first book you mean to read. It works offline too: your list lives on this device and syncs when you
            are online.
          </Trans>
        </p>
        <div className={emptyStyles.actions}>
          <Link to="/books/new" className={buttonRecipe({ variant: 'solid', size: 'lg' })}>
            <Plus aria-hidden size={18} />
            <Trans>Add your first book</Trans>
          </Link>
          <Link to="/books/import" className={buttonRecipe({ variant: 'outline', size: 'lg' })}>
            <Upload aria-hidden size={18} />
            <Trans>Import from Goodreads or StoryGraph</Trans>
          </Link>
        </div>
      </Card.Body>
    </Card.Root>
  )
}

/** /books while the account's books are still on their way to this device (its first sync, on a
 *  new device or after signing in again): placeholder rows, not "Your list is empty". */
export function ListArriving() {
  return (
    <Card.Root aria-busy="true">
      <p role="status" className={emptyStyles.arriving}>
        <Trans>Bringing your books to this device…</Trans>
      </p>
      <div aria-hidden>
        {[0, 1, 2].map((i) => (
          <div key={i} style={{ height: ROW_HEIGHT }}>
            <SkeletonRow />
          </div>
        ))}
      </div>
    </Card.Root>
  )
}
