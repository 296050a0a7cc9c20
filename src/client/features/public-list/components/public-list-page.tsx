import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, notFound } from '@tanstack/react-router'
import { useDeferredValue, useState } from 'react'
import { css } from 'styled-system/css'
import { handleError } from '~/client/lib/http'
import { recordEvent, useSession } from '~/client/lib/session'
import * as Alert from '~/client/ui/alert'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { syncNow } from '~/client/sync'
import { Link as TextLink } from '~/client/ui/link'
import { buttonRecipe } from '~/client/ui/button'
import { toast } from '~/client/ui/toast'
import { addFromPublicList } from '../api/add-book'
import { publicListQuery, type PublicBook } from '../api/public-list'
import { filterBooks, type StatusFilter } from '../list-model'
import { BookCard } from './book-card'
import { ListFilters } from './list-filters'
import { OwnerAvatar } from './owner-avatar'

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: { base: '5', md: '6' } }),
  owner: css({ display: 'flex', alignItems: 'center', gap: '4' }),
  heading: css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: 0 }),
  title: css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', letterSpacing: 'tight', lineHeight: 'tight', overflowWrap: 'anywhere' }),
  count: css({ color: 'fg.muted' }),
  invite: css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'center' },
    justifyContent: 'space-between',
    gap: '3',
    p: '4',
    borderRadius: 'xl',
    bg: 'accent.subtle',
    color: 'fg',
  }),
  note: css({ fontSize: 'sm', color: 'fg.muted' }),
  results: css({ fontSize: 'sm', color: 'fg.muted' }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
    gap: '4',
  }),
  empty: css({ py: '10', textAlign: 'center', color: 'fg.muted' }),
}

/**
 * spec §2 public route /{id}: the owner's list with search, status filter and book cards. A
 * visitor without a token sees a sign-up link; a signed-in visitor can add others' books (spec §1).
 * Its imports are kept lean (no forms, charts or payments): it is the page shared to phones.
 */
export function PublicListPage({ slug }: { slug: string }) {
  const { t, i18n } = useLingui()
  const { data } = useSuspenseQuery(publicListQuery(slug))
  const { token, user } = useSession()
  const [query, setQuery] = useState('')
  const [status, setStatus] = useState<StatusFilter>('any')
  const [adding, setAdding] = useState<string | null>(null)
  const [added, setAdded] = useState<Set<string>>(() => new Set())
  const deferredQuery = useDeferredValue(query)
  const name = data?.account.owner_name ?? ''
  const title = name ? t`${name}'s TBR list` : t`TBR list`
  useDocumentTitle(title)
  // The slug was freed since this copy was cached (a background refetch answered 404).
  if (!data) throw notFound()

  const books = filterBooks(data.books, deferredQuery, status)
  const total = data.books.length
  const shown = books.length
  // spec §1: no "Add" on one's own list. From the account ids, not the answer's `viewer`: a saved
  // copy may have been fetched under another session of this device (sw/sw.ts).
  const own = !!token && !!user && user.account_id === data.account.id
  const canAdd = !!token && !own
  const saved = data.saved_at
  const savedWhen = saved ? i18n.date(saved, { dateStyle: 'medium', timeStyle: 'short' }) : ''

  async function add(book: PublicBook) {
    if (adding) return
    setAdding(book.id)
    try {
      const message = await addFromPublicList(book.id)
      setAdded((prev) => new Set(prev).add(book.id))
      toast({ variant: 'success', title: message || t`Added to your list`, description: book.title })
      recordEvent('book_added_from_public', { book_id: book.id })
      // The copy reaches this device's list with the next pull.
      void syncNow()
    } catch (error) {
      await handleError(error)
    } finally {
      setAdding(null)
    }
  }

  return (
    <div className={styles.page}>
      <header className={styles.owner}>
        <OwnerAvatar name={name} src={data.account.avatar} />
        <div className={styles.heading}>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.count}>
            <Plural value={total} one="# book" other="# books" />
          </p>
        </div>
      </header>

      {saved !== undefined && (
        <Alert.Root status="info">
          <Alert.Icon />
          <Alert.Content>
            <Alert.Title>
              <Trans>A saved copy</Trans>
            </Alert.Title>
            <Alert.Description>
              {savedWhen ? (
                <Trans>
                  This list could not be loaded, so this is the copy saved on this device on {savedWhen}. It may have
                  changed since.
                </Trans>
              ) : (
                <Trans>This list could not be loaded, so this is the copy saved on this device. It may have changed since.</Trans>
              )}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {!token && (
        <aside className={styles.invite} aria-label={t`Sign up`}>
          <p>
            <Trans>Keep your own to-be-read list and share it with a link of your own.</Trans>
          </p>
          <Link to="/signup" className={buttonRecipe({ size: 'md' })}>
            <Trans>Sign up free</Trans>
          </Link>
        </aside>
      )}
      {own && (
        <p className={styles.note}>
          <Trans>
            This is your public list, as visitors see it. <TextLink to="/books">Manage your books</TextLink>
          </Trans>
        </p>
      )}

      {total > 0 && (
        <ListFilters query={query} onQueryChange={setQuery} status={status} onStatusChange={setStatus} />
      )}
      {total > 0 && (
        <p role="status" className={styles.results}>
          <Trans>
            Showing {shown} of {total}
          </Trans>
        </p>
      )}

      {shown > 0 ? (
        <ul className={styles.grid} aria-label={t`Books`}>
          {books.map((book) => (
            <li key={book.id}>
              <BookCard
                book={book}
                affiliateTag={data.affiliate_tag}
                canAdd={canAdd}
                adding={adding === book.id}
                added={added.has(book.id)}
                onAdd={(b) => void add(b)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>
          {total === 0 ? <Trans>No books on this list yet.</Trans> : <Trans>No books match your search.</Trans>}
        </p>
      )}
    </div>
  )
}
