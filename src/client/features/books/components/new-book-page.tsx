import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { buttonRecipe } from '~/client/ui/button'
import { Spinner } from '~/client/ui/spinner'
import { toast } from '~/client/ui/toast'
import type { CreateBookRaw } from '~/shared/schemas/book'
import { saveNewBook } from '../actions'
import { queueLookups } from '../catalog/lookups'
import { EMPTY_BOOK, toCreateInput, type BookFormValues } from '../form-schema'
import { bookFromShare, isShare, type SharedParams } from '../share'
import { BookForm } from './book-form'
import { FormPage } from './form-page'

const styles = {
  adding: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    color: 'fg.muted',
    py: '10',
    justifyContent: 'center',
  }),
}

// One share opens this page once, but the page can mount more than once while the app starts
// (guards, a session refresh): the same share within a few seconds adds one book, not two.
const recentShares = new Map<string, { at: number; added: Promise<unknown> }>()

function addSharedOnce(input: CreateBookRaw): Promise<unknown> {
  const key = JSON.stringify(input)
  const now = Date.now()
  const recent = recentShares.get(key)
  if (recent && now - recent.at < 10_000) return recent.added
  const added = saveNewBook(input).then((book) => {
    const title = book.title
    toast({ variant: 'success', title: t`Added “${title}”` })
  })
  recentShares.set(key, { at: now, added })
  return added
}

/** /books/new: the book form; opened by a share (manifest share_target) it adds at once. */
export function NewBookPage({ share }: { share: SharedParams }) {
  const { t } = useLingui()
  useDocumentTitle(t`Add a book`)
  const navigate = useNavigate()
  const shared = isShare(share)
  // A share that could not be added as it came (e.g. a product link without a title) opens the
  // form with what was shared, so the reader can finish it.
  const [prefill, setPrefill] = useState<BookFormValues | null>(shared ? null : EMPTY_BOOK)
  const started = useRef(false)

  useEffect(() => {
    if (!shared || started.current) return
    started.current = true
    const input = bookFromShare(share)
    const fallback = { ...EMPTY_BOOK, title: input?.title ?? share.title ?? '', link: input?.link ?? '' }
    if (!input) {
      setPrefill(fallback)
      return
    }
    addSharedOnce(input).then(
      () => void navigate({ to: '/books', search: {}, replace: true }),
      () => setPrefill(fallback),
    )
  }, [shared, share, navigate])

  if (!prefill) {
    return (
      <p className={styles.adding} role="status">
        <Spinner />
        <Trans>Adding the shared book…</Trans>
      </p>
    )
  }

  return (
    <FormPage
      title={<Trans>Add a book</Trans>}
      lead={<Trans>Only the title is needed. Everything works offline.</Trans>}
    >
      <BookForm
        mode="new"
        defaultValues={{ ...prefill, link: prefill.link ?? '' }}
        submit={async (values) => {
          const book = await saveNewBook(toCreateInput(values))
          // Typed by hand offline, it is looked up once the device is back online.
          if (!navigator.onLine && !book.imageUrl && !book.isbn) await queueLookups([book.id], 'propose')
          const title = book.title
          return { message: t`Added “${title}”` }
        }}
        onSuccess={() => void navigate({ to: '/books', search: {} })}
        secondary={
          <Link to="/books" className={buttonRecipe({ variant: 'outline', size: 'lg' })}>
            <Trans>Cancel</Trans>
          </Link>
        }
      />
    </FormPage>
  )
}
