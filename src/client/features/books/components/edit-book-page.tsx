import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trash2 } from 'lucide-react'
import { useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import type { LocalBook } from '~/client/db'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { updateBook } from '~/client/sync'
import { Button, buttonRecipe } from '~/client/ui/button'
import { Spinner } from '~/client/ui/spinner'
import { deleteBookWithUndo } from '../actions'
import { changedFields, type BookFormValues } from '../form-schema'
import { useBookPage } from '../use-book-page'
import { BookForm } from './book-form'
import { DeleteBookDialog } from './delete-book-dialog'
import { FormPage } from './form-page'

const styles = {
  loading: css({ display: 'flex', justifyContent: 'center', py: '10' }),
  ids: css({ fontSize: 'sm', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' }),
  // Apart from Cancel and Save: on wide screens at the far left, on phones last in the column.
  delete: css({ mr: { sm: 'auto' }, color: 'danger', w: { base: 'full', sm: 'auto' } }),
}

function formValues(b: LocalBook): BookFormValues {
  return {
    title: b.title,
    author: b.author ?? '',
    rating: b.rating,
    review: b.review ?? '',
    started_at: b.started_at ?? '',
    finished_at: b.finished_at ?? '',
    imageUrl: b.imageUrl ?? '',
    pages: b.pages == null ? '' : String(b.pages),
    year: b.year == null ? '' : String(b.year),
  }
}

/** /books/{id}/edit: the book form for a book on this device; see useBookPage for a missing one. */
export function EditBookPage({ bookId }: { bookId: string }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { book, leaving: deleting } = useBookPage(bookId)
  const title = book?.title
  useDocumentTitle(title ? t`Edit “${title}”` : t`Edit book`)

  const [confirming, setConfirming] = useState<LocalBook | null>(null)

  // The form starts from the book as it was when it opened; later syncs do not reset what the reader types.
  const loaded = !!book
  const initial = useMemo(() => (book ? formValues(book) : null), [loaded, bookId])

  if (!book || !initial) {
    return (
      <div className={styles.loading} role="status" aria-label={t`Loading`}>
        <Spinner />
      </div>
    )
  }

  const isbn = book.isbn
  const asin = book.asin
  return (
    <FormPage
      title={<Trans>Edit “{title}”</Trans>}
      lead={
        isbn || asin ? (
          <span className={styles.ids}>
            {[isbn && t`ISBN ${isbn}`, asin && asin !== isbn && t`ASIN ${asin}`].filter(Boolean).join(' · ')}
          </span>
        ) : undefined
      }
    >
      <BookForm
        mode="edit"
        defaultValues={initial}
        submit={async (values) => {
          const changes = changedFields(initial, values)
          const saved = Object.keys(changes).length ? await updateBook(book.id, changes) : book
          const savedTitle = saved.title
          return { message: t`Saved “${savedTitle}”` }
        }}
        onSuccess={() => void navigate({ to: '/books', search: {} })}
        secondary={
          <>
            <Button
              type="button"
              variant="ghost"
              size="lg"
              icon={<Trash2 aria-hidden size={18} />}
              className={styles.delete}
              onClick={() => setConfirming(book)}
            >
              <Trans>Delete book</Trans>
            </Button>
            <Link
              to="/books/$bookId"
              params={{ bookId: book.id }}
              className={buttonRecipe({ variant: 'outline', size: 'lg' })}
            >
              <Trans>Cancel</Trans>
            </Link>
          </>
        }
      />
      <DeleteBookDialog
        book={confirming}
        onClose={() => setConfirming(null)}
        onConfirm={async (doomed) => {
          // Leave first: this page must not see its book vanish (it would call it missing).
          deleting.current = true
          await navigate({ to: '/books', search: {} })
          await deleteBookWithUndo(doomed)
        }}
      />
    </FormPage>
  )
}
