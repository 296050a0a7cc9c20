import { Trans, useLingui } from '@lingui/react/macro'
import { Search } from 'lucide-react'
import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import type { LocalBook } from '~/client/db'
import { countIn } from '~/client/lib/format-count'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { moveBook, useListCount } from '~/client/sync'
import { Button } from '~/client/ui/button'
import * as Card from '~/client/ui/card'
import { FilterChips } from '~/client/ui/filter-chips'
import type { BookStatus } from '~/shared/schemas/book'
import { deleteBookWithUndo } from '../actions'
import { LIST_SORTS, STATUS_FILTERS, type ListSort } from '../labels'
import { useBookList } from '../use-book-list'
import { useDrawnRows } from '../use-drawn-rows'
import { useMoving } from '../use-moving'
import { useSearchText } from '../use-search-text'
import { useWindowRange } from '../window-range'
import { DeleteBookDialog } from './delete-book-dialog'
import { emptyStyles, EmptyList, ListArriving } from './empty-list'
import { ReorderContext, ReorderItems, type ReorderList } from './reorder'
import { BookRow, ROW_HEIGHT, SkeletonRow } from './book-row'
import { ListHeader } from './list-header'
import { SortSelect } from './sort-select'

const styles = {
  toolbar: css({
    display: 'flex',
    flexDirection: { base: 'column', md: 'row' },
    alignItems: { md: 'center' },
    gap: '3',
    mb: '4',
    flexWrap: 'wrap',
  }),
  search: css({
    position: 'relative',
    flex: '1',
    minW: { base: 0, md: '14rem' },
    '& svg': {
      position: 'absolute',
      left: '3',
      top: '50%',
      transform: 'translateY(-50%)',
      color: 'fg.muted',
      pointerEvents: 'none',
    },
  }),
  // Its size is set (the input layer style's width and height), so its contents cannot change the
  // page's layout: a typed letter lays out the box alone, not the whole page (about 2 ms of each
  // keystroke at CPU ×4 before the input event reached the list). A block: a contained box has no
  // text baseline, so inline it would sit on the line's baseline and make the row taller.
  searchInput: css({ layerStyle: 'input', display: 'block', ps: '10', contain: 'size layout style' }),
  // The box's hint, drawn by the page while the box is empty, in the input's placeholder look: a
  // native placeholder is styled again by Chromium on every keystroke, inside the key press.
  placeholder: css({
    position: 'absolute',
    insetInlineStart: 'calc(token(spacing.10) + 1px)',
    insetInlineEnd: '3',
    top: '50%',
    transform: 'translateY(-50%)',
    color: 'fg.muted',
    pointerEvents: 'none',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  }),
  srOnly: css({ srOnly: true }),
  list: css({ position: 'relative', listStyle: 'none', m: '0', p: '0' }),
  frame: css({
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'xl',
    overflow: 'hidden',
    bg: 'bg.panel',
    boxShadow: 'sm',
  }),
  item: css({ position: 'absolute', left: '0', right: '0', top: '0' }),
}

export interface BookListPageProps {
  query: string
  status: BookStatus | undefined
  sort: ListSort
  onSearchChange: (next: { q?: string; status?: BookStatus; sort?: ListSort }) => void
  /** Puts the typed query in the URL, keeping the rest of it (called once typing pauses). */
  onQueryChange: (q: string | undefined) => void
  /** The list's first page as the route read it (first-page.ts); drawn until the list has read it. */
  firstRows?: LocalBook[] | null
}

/** Built once: the toolbar is drawn on every keystroke. */
const SEARCH_ICON = <Search aria-hidden size={18} />

/** Rows above and below the screen kept drawn: few, since each costs a render per change. */
const OVERSCAN = 4

/** /books: the reader's list from Dexie, searchable, filterable, sortable, windowed;
 *  in "Up next" order without a search or filter the reader reorders it (decision 35). The page
 *  holds what a keystroke does not change (the header, dnd-kit's context, the delete dialog); the
 *  list below it holds the search box's text, so a keystroke draws the list and nothing above it. */
export function BookListPage(props: BookListPageProps) {
  const { t } = useLingui()
  useDocumentTitle(t`My books`)
  // Counted once the list's first page is on screen (use-book-list.ts).
  const [listRead, setListRead] = useState(false)
  const onFirstPage = useCallback(() => setListRead(true), [])
  // No book here may mean the account's books have not reached this device yet. Until they have,
  // their count is not known: the header and the toolbar stay as they are before any count (on a
  // new device they would show, hide and show again as the books land).
  const counted = useListCount(listRead)
  const arriving = !!counted?.arriving
  const all = arriving ? undefined : counted?.count
  const [confirming, setConfirming] = useState<LocalBook | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const reorder = useRef<ReorderList>(NO_LIST)
  const confirmDelete = useCallback((book: LocalBook) => setConfirming(book), [])
  const closeDialog = useCallback(() => setConfirming(null), [])
  const afterDelete = useCallback(() => heading.current, [])
  return (
    <>
      <ListHeader all={all} arriving={arriving} heading={heading} />
      <ReorderContext list={reorder}>
        <BookListBody
          {...props}
          all={all}
          arriving={arriving}
          reorder={reorder}
          onDelete={confirmDelete}
          onFirstPage={onFirstPage}
        />
      </ReorderContext>
      <DeleteBookDialog
        book={confirming}
        onClose={closeDialog}
        onConfirm={deleteBookWithUndo}
        afterDelete={afterDelete}
      />
    </>
  )
}

const NO_LIST: ReorderList = { indexOf: () => -1, titleOf: () => '', total: 0, onMove: () => {} }

interface BookListBodyProps extends BookListPageProps {
  all: number | undefined
  /** No book here yet, and the account's books are still on their way to this device. */
  arriving: boolean
  /** Kept current for dnd-kit's context above. */
  reorder: React.RefObject<ReorderList>
  onDelete: (book: LocalBook) => void
  onFirstPage: () => void
}

const BookListBody = memo(function BookListBody({
  query,
  status,
  sort,
  onSearchChange,
  onQueryChange,
  all,
  arriving,
  reorder,
  onDelete,
  onFirstPage,
  firstRows,
}: BookListBodyProps) {
  const { t, i18n } = useLingui()
  const { text, setText, navigating, typing } = useSearchText(query, (q) => onQueryChange(q || undefined))
  const [moved, setMoved] = useState('')
  const searchBox = useRef<HTMLInputElement>(null)
  const instructions = useId()
  const sortOption = LIST_SORTS.find((s) => s.value === sort) ?? LIST_SORTS[0]!

  // The window is measured before the data is read, so only the rows on screen are loaded.
  const { ref, windowOf } = useWindowRange(ROW_HEIGHT, OVERSCAN)
  const list = useBookList(text, status, sortOption.sort, windowOf, all, onFirstPage, firstRows)
  const { range, inView } = list
  const { at, show } = useMoving(list.at, range)

  // The toolbar's controls get callbacks that never change (they read the latest state here), so
  // a keystroke draws the list and the box again, not the header, the order menu or the chips.
  // (The refs read by callbacks are kept current in layout effects, here and below: any effect
  // run after the paint makes React's scheduler post a task in the key press, a measurable part
  // of a keystroke on a phone-class CPU.)
  const latest = useRef({ text, status, sort, navigating, onSearchChange })
  useLayoutEffect(() => {
    latest.current = { text, status, sort, navigating, onSearchChange }
  })
  const search = useCallback((next: { q?: string; status?: BookStatus; sort?: ListSort }) => {
    latest.current.navigating(next.q ?? '')
    latest.current.onSearchChange({
      q: next.q || undefined,
      status: next.status,
      sort: next.sort === 'up-next' ? undefined : next.sort,
    })
  }, [])
  const setStatus = useCallback(
    (value: string) => {
      const { text: q, sort: order } = latest.current
      search({ q, status: value === 'any' ? undefined : (value as BookStatus), sort: order })
    },
    [search],
  )
  const setSort = useCallback(
    (next: ListSort) => search({ q: latest.current.text, status: latest.current.status, sort: next }),
    [search],
  )
  const clearFilters = () => {
    setText('')
    search({ sort })
    searchBox.current?.focus()
  }
  // Worked out once per language, not per keystroke.
  const labels = useMemo(
    () => ({
      search: t`Search by title or author`,
      list: t`Your books`,
      instructions: t`Drag to change its place in Up next, or press the up and down arrow keys.`,
    }),
    [t],
  )
  const searchLabel = labels.search
  // The search box is not drawn again by a keystroke: React sets an input's type (and name: it has
  // none) each time it draws it. It holds what is typed itself; a text set from elsewhere (a link,
  // back, "Clear search and filter") is put in it. Its own listener reads it, not React's onChange,
  // and ends the input event there: React's change handling, for each input event of an input it
  // drew, sets its name and type again too (restoring a controlled input; this one is not), three
  // attribute changes in every keystroke (about 0.3 ms of one at CPU ×4).
  const hasBooks = all !== 0
  const firstText = useRef(text)
  const attachSearchBox = useCallback(
    (box: HTMLInputElement | null) => {
      searchBox.current = box
      if (!box) return
      const onInput = (e: Event) => {
        e.stopPropagation()
        setText(box.value)
      }
      box.addEventListener('input', onInput)
      return () => {
        box.removeEventListener('input', onInput)
        searchBox.current = null
      }
    },
    [setText],
  )
  const searchInput = useMemo(
    () => (
      <input
        ref={attachSearchBox}
        type="search"
        className={styles.searchInput}
        aria-label={searchLabel}
        defaultValue={firstText.current}
        autoComplete="off"
      />
    ),
    [searchLabel, attachSearchBox],
  )
  useLayoutEffect(() => {
    const box = searchBox.current
    if (box && box.value !== text) box.value = text
  }, [text, searchInput, hasBooks])

  // One function for every row, so a row is drawn again only when its book changes.
  const step = useRef((_book: LocalBook, _delta: -1 | 1) => {})
  const onStep = useCallback((book: LocalBook, delta: -1 | 1) => step.current(book, delta), [])

  const total = list.total
  const locale = i18n.locale
  const allText = useMemo(() => (all === undefined ? '' : countIn(locale, all)), [locale, all])
  const shownText = useMemo(() => {
    if (total === undefined || all === undefined) return ''
    const totalText = countIn(locale, total)
    return t`${totalText} of ${allText} books shown`
  }, [t, locale, total, all, allText])
  const filtered = !!text.trim() || status !== undefined
  const reorderable = sort === 'up-next' && !filtered && !!total && total > 1
  // Read by the hidden handles as the rows draw (reorder.tsx); `epoch` counts the times the list
  // became reorderable, which draws every handle again with its row's book.
  const live = useRef(reorderable)
  live.current = reorderable
  // (Kept in a ref, not state: a state set here would run this function again in the first
  // letter's key press.)
  const epoch = useRef({ n: 0, reorderable })
  if (epoch.current.reorderable !== reorderable)
    epoch.current = { n: epoch.current.n + (reorderable ? 1 : 0), reorderable }
  const rowReorder = useMemo(
    () => ({ onStep, describedBy: instructions, live, epoch: epoch.current.n }),
    [onStep, instructions, epoch.current.n],
  )

  // The rows drawn: which book each shows, its key and its place in the document.
  const { onScreen, keys, order, shown, ids } = useDrawnRows({ at, stored: list.at, range, inView, filtered, typing })
  const indexOf = (id: string) => {
    for (let i = range.start; i < range.end; i++) if (at(i)?.id === id) return i
    return -1
  }

  // After a move the row's element may be re-inserted, losing focus: give it back to its handle.
  const refocus = useRef<{ id: string; index: number } | null>(null)
  useLayoutEffect(() => {
    const want = refocus.current
    if (!want || at(want.index)?.id !== want.id) return
    refocus.current = null
    const handle = document.querySelector<HTMLElement>(`[data-reorder-handle="${want.id}"]`)
    if (!handle || handle === document.activeElement) return
    // Without scrolling now (that would lay the page out inside the key press); brought into
    // view, if the move took it out, with the next frame's layout.
    handle.focus({ preventScroll: true })
    requestAnimationFrame(() => handle.scrollIntoView({ block: 'nearest' }))
  })

  const move = async (from: number, to: number, byKey: boolean) => {
    const book = at(from)
    if (!book || to < 0 || (total !== undefined && to >= total) || from === to) return
    const after = to < from ? (to === 0 ? null : at(to - 1)) : at(to)
    if (after === undefined) return
    if (byKey) refocus.current = { id: book.id, index: to }
    // Drawn in its new place first, saved in the task right after: opening the IndexedDB
    // transaction is not the key press's work (moves in quick succession still save in order).
    const saved = new Promise<void>((resolve, reject) =>
      setTimeout(() => moveBook(book.id, after?.id ?? null).then(resolve, reject), 0),
    )
    show(book.id, to, saved)
    await saved
    const title = book.title
    const place = to + 1
    const of = total ?? place
    if (byKey) setMoved(t`“${title}” moved to place ${place} of ${of}.`)
  }

  useLayoutEffect(() => {
    step.current = (book, delta) => {
      const from = indexOf(book.id)
      if (from >= 0) void move(from, from + delta, true)
    }
    reorder.current = {
      indexOf,
      titleOf: (id) => shown.find((b) => b.id === id)?.title ?? '',
      total: total ?? 0,
      onMove: (from, to) => void move(from, to, false),
    }
  })

  return (
    <>
      {all !== 0 && (
        <div className={styles.toolbar} role="search">
          <div className={styles.search}>
            {searchInput}
            {/* After the box: a box with layout containment is painted like a positioned
                element, over the positioned ones before it. */}
            {SEARCH_ICON}
            {!text && (
              <span aria-hidden className={styles.placeholder}>
                {searchLabel}
              </span>
            )}
          </div>
          <SortSelect value={sort} onChange={setSort} />
          <StatusChips value={status ?? 'any'} onValueChange={setStatus} />
        </div>
      )}

      <p className={styles.srOnly} role="status">
        {filtered ? shownText : ''}
      </p>
      <p className={styles.srOnly} aria-live="assertive">
        {moved}
      </p>
      <p id={instructions} hidden>
        {labels.instructions}
      </p>

      {arriving ? (
        <ListArriving />
      ) : all === 0 ? (
        <EmptyList />
      ) : total === 0 ? (
        <Card.Root>
          <Card.Body className={emptyStyles.empty}>
            <p className={emptyStyles.emptyTitle}>
              <Trans>No books match</Trans>
            </p>
            <p className={emptyStyles.emptyText}>
              <Trans>Try other words, or another status.</Trans>
            </p>
            <Button variant="outline" onClick={clearFilters}>
              <Trans>Clear search and filter</Trans>
            </Button>
          </Card.Body>
        </Card.Root>
      ) : (
        <div className={styles.frame}>
          <ReorderItems enabled={reorderable} ids={ids}>
            <ul
              ref={ref as never}
              className={styles.list}
              aria-label={labels.list}
              // Shows the drag handles (reorder.tsx).
              data-reorderable={reorderable ? '' : undefined}
              style={{ height: (total ?? 3) * ROW_HEIGHT }}
            >
              {total === undefined
                ? [0, 1, 2].map((i) => (
                    <li
                      key={i}
                      className={styles.item}
                      style={{ height: ROW_HEIGHT, transform: `translateY(${i * ROW_HEIGHT}px)` }}
                    >
                      <SkeletonRow />
                    </li>
                  ))
                : order.map((k) => {
                    const book = onScreen[k]
                    const index = range.start + k
                    return (
                      // Keyed so that a book keeps its row while on screen and a book coming on
                      // screen takes the row of one that left (row-keys.ts).
                      <li
                        key={keys[k]}
                        className={styles.item}
                        style={{ height: ROW_HEIGHT, transform: `translateY(${index * ROW_HEIGHT}px)` }}
                        // Unknown (-1) while the books are being counted.
                        aria-setsize={list.partial ? -1 : total}
                        aria-posinset={index + 1}
                      >
                        {book ? <BookRow book={book} onDelete={onDelete} reorder={rowReorder} /> : <SkeletonRow />}
                      </li>
                    )
                  })}
            </ul>
          </ReorderItems>
        </div>
      )}
    </>
  )
})

/** The status filter's chips: drawn again only when the filter changes. */
const StatusChips = memo(function StatusChips({
  value,
  onValueChange,
}: {
  value: BookStatus | 'any'
  onValueChange: (value: string) => void
}) {
  const { i18n } = useLingui()
  const options = useMemo(
    () => STATUS_FILTERS.map((f) => ({ value: f.value, label: i18n._(f.label) })),
    // Again when the language changes: the i18n instance stays the same.
    [i18n, i18n.locale],
  )
  return (
    <FilterChips
      legend={<Trans>Status</Trans>}
      legendHidden
      name="status"
      value={value}
      onValueChange={onValueChange}
      options={options}
    />
  )
})
