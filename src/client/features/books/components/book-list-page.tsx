import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BookOpen, Plus, Search } from 'lucide-react'
import { useCallback, useDeferredValue, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import type { LocalBook } from '~/client/db'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { Button, buttonRecipe } from '~/client/ui/button'
import * as Card from '~/client/ui/card'
import { FilterChips } from '~/client/ui/filter-chips'
import type { BookStatus } from '~/shared/schemas/book'
import { deleteBookWithUndo } from '../actions'
import { STATUS_FILTERS } from '../labels'
import { useBookList } from '../use-book-list'
import { useWindowRange } from '../window-range'
import { BookRow, ROW_HEIGHT, SkeletonRow } from './book-row'
import { DeleteBookDialog } from './delete-book-dialog'
import { inputStyle } from '~/client/ui/input-style'

const styles = {
  header: css({ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: '4', flexWrap: 'wrap', mb: '6' }),
  title: css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', letterSpacing: 'tight', outline: 'none' }),
  lead: css({ color: 'fg.muted', mt: '1' }),
  toolbar: css({ display: 'flex', flexDirection: { base: 'column', md: 'row' }, alignItems: { md: 'center' }, gap: '3', mb: '4' }),
  search: css({ position: 'relative', flex: '1', minW: 0, '& svg': { position: 'absolute', left: '3', top: '50%', transform: 'translateY(-50%)', color: 'fg.muted', pointerEvents: 'none' } }),
  searchInput: css({ ...inputStyle, ps: '10' }),
  srOnly: css({ srOnly: true }),
  list: css({ position: 'relative', listStyle: 'none', m: '0', p: '0' }),
  frame: css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'xl', overflow: 'hidden', bg: 'bg.panel', boxShadow: 'sm' }),
  item: css({ position: 'absolute', left: '0', right: '0', top: '0' }),
  empty: css({ alignItems: 'center', textAlign: 'center', py: '10!', gap: '3!' }),
  emptyIcon: css({ color: 'accent', bg: 'accent.subtle', borderRadius: 'full', p: '4', display: 'inline-flex' }),
  emptyTitle: css({ fontSize: 'xl', fontWeight: 'semibold' }),
  emptyText: css({ color: 'fg.muted', maxW: 'sm' }),
}

export interface BookListPageProps {
  query: string
  status: BookStatus | undefined
  onSearchChange: (next: { q?: string; status?: BookStatus }) => void
}

/** /books (spec §2): the reader's list from Dexie, searchable, filterable, windowed. */
export function BookListPage({ query, status, onSearchChange }: BookListPageProps) {
  const { t, i18n } = useLingui()
  useDocumentTitle(t`My books`)
  const [text, setText] = useState(query)
  const deferredText = useDeferredValue(text)
  const [confirming, setConfirming] = useState<LocalBook | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const searchBox = useRef<HTMLInputElement>(null)

  // The window is measured before the data is read, so only the rows on screen are loaded.
  const [count, setCount] = useState(0)
  const { ref, range } = useWindowRange(count, ROW_HEIGHT)
  const list = useBookList(deferredText, status, range)
  if (list.total !== undefined && list.total !== count) setCount(list.total)

  const setQuery = (q: string) => {
    setText(q)
    onSearchChange({ q: q || undefined, status })
  }
  const setStatus = (value: string) => onSearchChange({ q: text || undefined, status: value === 'any' ? undefined : (value as BookStatus) })
  const clearFilters = () => {
    setText('')
    onSearchChange({})
    searchBox.current?.focus()
  }
  const confirmDelete = useCallback((book: LocalBook) => setConfirming(book), [])

  const all = list.all
  const total = list.total
  const filtered = !!deferredText.trim() || status !== undefined
  const allText = all === undefined ? '' : i18n.number(all)

  return (
    <>
      <header className={styles.header}>
        <div>
          <h1 ref={heading} tabIndex={-1} className={styles.title}>
            <Trans>My books</Trans>
          </h1>
          {!!all && (
            <p className={styles.lead}>
              {all === 1 ? <Trans>1 book on your list</Trans> : <Trans>{allText} books on your list</Trans>}
            </p>
          )}
        </div>
        {all !== 0 && (
          <Link to="/books/new" className={buttonRecipe({ variant: 'solid', size: 'md' })}>
            <Plus aria-hidden size={18} />
            <Trans>Add a book</Trans>
          </Link>
        )}
      </header>

      {all !== 0 && (
        <div className={styles.toolbar} role="search">
          <div className={styles.search}>
            <Search aria-hidden size={18} />
            <input
              ref={searchBox}
              type="search"
              name="search"
              className={styles.searchInput}
              aria-label={t`Search by title or author`}
              placeholder={t`Search by title or author`}
              value={text}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
            />
          </div>
          <FilterChips
            legend={<Trans>Status</Trans>}
            legendHidden
            name="status"
            value={status ?? 'any'}
            onValueChange={setStatus}
            options={STATUS_FILTERS.map((f) => ({ value: f.value, label: i18n._(f.label) }))}
          />
        </div>
      )}

      <p className={styles.srOnly} role="status">
        {filtered && total !== undefined && all !== undefined ? t`${i18n.number(total)} of ${allText} books shown` : ''}
      </p>

      {all === 0 ? (
        <EmptyList />
      ) : total === 0 ? (
        <Card.Root>
          <Card.Body className={styles.empty}>
            <p className={styles.emptyTitle}>
              <Trans>No books match</Trans>
            </p>
            <p className={styles.emptyText}>
              <Trans>Try other words, or another status.</Trans>
            </p>
            <Button variant="outline" onClick={clearFilters}>
              <Trans>Clear search and filter</Trans>
            </Button>
          </Card.Body>
        </Card.Root>
      ) : (
        <div className={styles.frame}>
          <ul ref={ref as never} className={styles.list} aria-label={t`Your books`} style={{ height: (total ?? 3) * ROW_HEIGHT }}>
            {total === undefined
              ? [0, 1, 2].map((i) => (
                  <li key={i} className={styles.item} style={{ height: ROW_HEIGHT, transform: `translateY(${i * ROW_HEIGHT}px)` }}>
                    <SkeletonRow />
                  </li>
                ))
              : Array.from({ length: range.end - range.start }, (_, k) => {
                  const index = range.start + k
                  const book = list.at(index)
                  return (
                    <li
                      key={book?.id ?? `loading-${index}`}
                      className={styles.item}
                      style={{ height: ROW_HEIGHT, transform: `translateY(${index * ROW_HEIGHT}px)` }}
                      aria-setsize={total}
                      aria-posinset={index + 1}
                    >
                      {book ? <BookRow book={book} onDelete={confirmDelete} /> : <SkeletonRow />}
                    </li>
                  )
                })}
          </ul>
        </div>
      )}

      <DeleteBookDialog
        book={confirming}
        onClose={() => setConfirming(null)}
        onConfirm={deleteBookWithUndo}
        afterDelete={() => heading.current}
      />
    </>
  )
}

function EmptyList() {
  return (
    <Card.Root>
      <Card.Body className={styles.empty}>
        <span className={styles.emptyIcon} aria-hidden>
          <BookOpen size={28} />
        </span>
        <h2 className={styles.emptyTitle}>
          <Trans>Your list is empty</Trans>
        </h2>
        <p className={styles.emptyText}>
          <Trans>Add the first book you mean to read. It works offline too: your list lives on this device and syncs when you are online.</Trans>
        </p>
        <Link to="/books/new" className={cx(buttonRecipe({ variant: 'solid', size: 'lg' }))}>
          <Plus aria-hidden size={18} />
          <Trans>Add your first book</Trans>
        </Link>
      </Card.Body>
    </Card.Root>
  )
}
