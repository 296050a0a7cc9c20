import { Select, Trans, useLingui } from '@lingui/react/macro'
import { useContext, useDeferredValue, useState } from 'react'
import { css } from 'styled-system/css'
import * as Alert from '~/client/ui/alert'
import { formatCount } from '~/client/lib/format-count'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { buttonRecipe } from '~/client/ui/button-recipe'
import { linkRecipe } from '~/client/ui/link-recipe'
import { textRecipe } from '~/client/ui/text'
import type { AddOutcome } from '../api/add-book'
import type { PublicBook, PublicList } from '../api/public-list'
import { ItemGateContext } from '../item-gate'
import { filterBooks, type StatusFilter } from '../list-model'
import { BookCard } from './book-card'
import { ListFilters } from './list-filters'
import { OwnerAvatar } from './owner-avatar'
import { PublicLink } from './public-link'

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: { base: '5', md: '6' } }),
  owner: css({ display: 'flex', alignItems: 'center', gap: '4' }),
  heading: css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: 0 }),
  title: css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', letterSpacing: 'tight', lineHeight: 'tight', overflowWrap: 'anywhere' }),
  count: textRecipe({ tone: 'muted' }),
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
  note: textRecipe({ tone: 'muted', size: 'sm' }),
  results: textRecipe({ tone: 'muted', size: 'sm' }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
    gap: '4',
  }),
  empty: css({ py: '10', textAlign: 'center', color: 'fg.muted' }),
}

export interface PublicListViewProps {
  data: PublicList
  /** A session token is stored on this device (sign-up link for visitors without one). */
  signedIn: boolean
  /** The visitor's own list: no "Add to my list". */
  own: boolean
  /** Copies a book into the visitor's list; resolves how it went (null: it failed). */
  onAdd: (book: PublicBook) => Promise<AddOutcome>
}

/**
 * Public route /{id}: the owner's list with search, status filter and book cards. Drawn
 * from its data and the visitor's session alone, so the app's route (public-list-page.tsx) and the
 * server-rendered page (src/client/public, rendered on the server and hydrated with Preact) are
 * this one component. Its imports are kept lean (no router, query cache, Dexie or sync engine):
 * it is the page shared to phones.
 */
export function PublicListView({ data, signedIn, own, onAdd }: PublicListViewProps) {
  const { t, i18n } = useLingui()
  const [query, setQuery] = useState('')
  const [status, setStatus] = useState<StatusFilter>('any')
  const [adding, setAdding] = useState<string | null>(null)
  const [added, setAdded] = useState<Map<string, 'added' | 'already'>>(() => new Map())
  const deferredQuery = useDeferredValue(query)
  const Gate = useContext(ItemGateContext)
  const name = data.account.owner_name
  const title = name ? t`${name}'s TBR list` : t`TBR list`
  useDocumentTitle(title)

  const books = filterBooks(data.books, deferredQuery, status)
  const total = data.books.length
  // Lingui's plural formats its number with Intl.NumberFormat even where no form shows it: the
  // plural form is chosen here instead (Intl.PluralRules is cheap), and the count written by
  // formatCount, so hydrating this page builds no number formatter.
  const totalForm = new Intl.PluralRules(i18n.locale).select(total)
  const totalText = formatCount(total, (n) => i18n.number(n))
  const shown = books.length
  const canAdd = signedIn && !own
  const saved = data.saved_at
  const savedWhen = saved ? i18n.date(saved, { dateStyle: 'medium', timeStyle: 'short' }) : ''

  async function add(book: PublicBook) {
    if (adding) return
    setAdding(book.id)
    try {
      const outcome = await onAdd(book)
      if (outcome) setAdded((prev) => new Map(prev).set(book.id, outcome))
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
            <Select value={totalForm} _one={`${totalText} book`} other={`${totalText} books`} />
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

      {!signedIn && (
        <aside className={styles.invite} aria-label={t`Sign up`}>
          <p>
            <Trans>Keep your own to-be-read list and share it with a link of your own.</Trans>
          </p>
          <PublicLink to="/signup" className={buttonRecipe({ size: 'md' })}>
            <Trans>Sign up free</Trans>
          </PublicLink>
        </aside>
      )}
      {own && (
        <p className={styles.note}>
          <Trans>
            This is your public list, as visitors see it. <PublicLink to="/books" className={linkRecipe()}>Manage your books</PublicLink>
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
          {books.map((book) => {
            const item = (
              <li key={book.id}>
                <BookCard
                  book={book}
                  affiliateTag={data.affiliate_tag}
                  canAdd={canAdd}
                  adding={adding === book.id}
                  added={added.get(book.id) ?? null}
                  onAdd={(b) => void add(b)}
                />
              </li>
            )
            return Gate ? (
              <Gate key={book.id} id={book.id}>
                {item}
              </Gate>
            ) : (
              item
            )
          })}
        </ul>
      ) : (
        <p className={styles.empty}>
          {total === 0 ? <Trans>No books on this list yet.</Trans> : <Trans>No books match your search.</Trans>}
        </p>
      )}
    </div>
  )
}
