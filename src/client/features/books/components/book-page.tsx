import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import type { LocalBook } from '~/client/db'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { backLinkRecipe } from '~/client/ui/back-link'
import { BookCover } from '~/client/ui/book-cover'
import { Button, buttonRecipe } from '~/client/ui/button'
import * as Card from '~/client/ui/card'
import { DataTable } from '~/client/ui/data-table'
import { Spinner } from '~/client/ui/spinner'
import { addedDay } from '~/shared/schemas/book'
import { deleteBookWithUndo } from '../actions'
import { ProposedMatch } from '../catalog/proposed-match'
import { formatDay, SOURCE_LABEL, STATUS_BADGE, STATUS_LABEL } from '../labels'
import { useBookPage } from '../use-book-page'
import { DeleteBookDialog } from './delete-book-dialog'
import { Stars } from '~/client/ui/stars'
import { SyncStateMark } from './sync-state'

const styles = {
  page: css({ maxW: '3xl' }),
  back: backLinkRecipe(),
  head: css({ display: 'flex', gap: { base: '4', md: '6' }, alignItems: 'flex-start', mb: '6' }),
  headText: css({ display: 'flex', flexDirection: 'column', gap: '2', minW: 0 }),
  title: css({
    fontSize: { base: '2xl', md: '3xl' },
    fontWeight: 'bold',
    letterSpacing: 'tight',
    overflowWrap: 'anywhere',
    lineHeight: 'tight',
  }),
  author: css({ fontSize: { base: 'md', md: 'lg' }, color: 'fg.muted' }),
  chips: css({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '2' }),
  actions: css({ display: 'flex', gap: '2', flexWrap: 'wrap', mt: '2' }),
  facts: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
    columnGap: '6',
    rowGap: { base: '0.5', sm: '2' },
    '& dt': { color: 'fg.muted', fontSize: 'sm', mt: { base: '2', sm: '0' } },
    '& dd': { overflowWrap: 'anywhere' },
  }),
  sectionTitle: css({ fontSize: 'lg', fontWeight: 'semibold', mb: '2' }),
  // The reader's own line breaks are kept.
  review: css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 'relaxed' }),
  muted: css({ color: 'fg.muted' }),
  stack: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  loading: css({ display: 'flex', justifyContent: 'center', py: '10' }),
}

/** /books/{id}: a page about one book of this device's list, with Edit and Delete. */
export function BookPage({ bookId }: { bookId: string }) {
  const { t } = useLingui()
  const { book, leaving } = useBookPage(bookId)
  const title = book?.title
  useDocumentTitle(title ?? t`Book`)
  if (!book) {
    return (
      <div className={styles.loading} role="status" aria-label={t`Loading`}>
        <Spinner />
      </div>
    )
  }
  return <BookDetails book={book} leaving={leaving} />
}

function BookDetails({ book, leaving }: { book: LocalBook; leaving: { current: boolean } }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState<LocalBook | null>(null)
  const title = book.title
  const facts: [string, string][] = [
    [t`Added`, formatDay(i18n, addedDay(book))],
    ...(book.started_at ? [[t`Started`, formatDay(i18n, book.started_at)] as [string, string]] : []),
    ...(book.finished_at ? [[t`Finished`, formatDay(i18n, book.finished_at)] as [string, string]] : []),
    ...(book.isbn ? [[t`ISBN`, book.isbn] as [string, string]] : []),
    ...(book.pages != null ? [[t`Pages`, i18n.number(book.pages)] as [string, string]] : []),
    ...(book.year != null ? [[t`Year published`, String(book.year)] as [string, string]] : []),
    ...(book.asin && book.asin !== book.isbn ? [[t`ASIN`, book.asin] as [string, string]] : []),
    [t`Where it came from`, i18n._(SOURCE_LABEL[book.source] ?? SOURCE_LABEL.hand)],
  ]
  return (
    <article className={styles.page} aria-labelledby="book-title">
      <Link to="/books" className={styles.back}>
        <ArrowLeft aria-hidden size={16} />
        <Trans>My books</Trans>
      </Link>
      <header className={styles.head}>
        <BookCover url={book.imageUrl} size="xl" />
        <div className={styles.headText}>
          <h1 id="book-title" className={styles.title}>
            {book.title}
          </h1>
          {book.author && <p className={styles.author}>{book.author}</p>}
          <div className={styles.chips}>
            <Stars rating={book.rating} size={18} />
            <DataTable.Badge variant={STATUS_BADGE[book.status]}>{i18n._(STATUS_LABEL[book.status])}</DataTable.Badge>
            <SyncStateMark state={book.sync} />
          </div>
          <div className={styles.actions}>
            <Link
              to="/books/$bookId/edit"
              params={{ bookId: book.id }}
              className={buttonRecipe({ variant: 'solid', size: 'md' })}
              aria-label={t`Edit “${title}”`}
            >
              <Pencil aria-hidden size={16} />
              <Trans>Edit</Trans>
            </Link>
            <Button variant="outline" icon={<Trash2 aria-hidden size={16} />} onClick={() => setConfirming(book)}>
              <Trans>Delete</Trans>
            </Button>
          </div>
        </div>
      </header>
      <div className={styles.stack}>
        <ProposedMatch book={book} />
        <Card.Root>
          <Card.Body>
            <h2 className={styles.sectionTitle}>
              <Trans>Review</Trans>
            </h2>
            {book.review ? (
              <p className={styles.review}>{book.review}</p>
            ) : (
              <p className={styles.muted}>
                <Trans>No review yet.</Trans>
              </p>
            )}
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <h2 className={styles.sectionTitle}>
              <Trans>About this book</Trans>
            </h2>
            <dl className={styles.facts}>
              {facts.map(([term, value]) => (
                <div key={term} className={css({ display: 'contents' })}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </Card.Body>
        </Card.Root>
      </div>
      <DeleteBookDialog
        book={confirming}
        onClose={() => setConfirming(null)}
        onConfirm={async (doomed) => {
          // Leave first: this page must not see its book vanish (it would call it missing).
          leaving.current = true
          await navigate({ to: '/books', search: {} })
          await deleteBookWithUndo(doomed)
        }}
      />
    </article>
  )
}
