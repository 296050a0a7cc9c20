import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { css } from 'styled-system/css'
import { BookCover } from '~/client/ui/book-cover'
import { Button } from '~/client/ui/button'
import * as Combobox from '~/client/ui/combobox'
import { Spinner } from '~/client/ui/spinner'
import { CATALOG_QUERY, type CatalogBook } from '~/shared/schemas/catalog'
import { searchCatalog } from './api'

// Typing searches the catalogue (debounced) and lists the results in an
// accessible combobox; picking one hands the book to the form (onPick). Enter in the box searches
// at once and never submits the form around it. When the catalogue cannot answer, the note offers
// to try again or to type the book in by hand (the form's title field).

const DEBOUNCE_MS = 350

const styles = {
  text: css({ display: 'flex', flexDirection: 'column', minW: 0 }),
  title: css({ fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }),
  meta: css({ color: 'fg.muted', fontSize: 'xs' }),
  status: css({ fontSize: 'sm', color: 'fg.muted', display: 'flex', gap: '2', alignItems: 'center', minH: '5' }),
  failed: css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '1' }),
}

const keyOf = (b: CatalogBook, i: number) => `${i}:${b.isbn ?? ''}:${b.title}`

export function CatalogSearch({ onPick }: { onPick: (book: CatalogBook) => void }) {
  const { t } = useLingui()
  const [input, setInput] = useState('')
  const [results, setResults] = useState<CatalogBook[]>([])
  // Controlled: results arrive after the typing that asked for them, and the list opens then.
  const [open, setOpen] = useState(false)
  const [state, setState] = useState<{ loading: boolean; message: string | null; failed?: boolean }>({
    loading: false,
    message: null,
  })
  // Enter and "Try again" search now rather than after the typing pause.
  const [attempt, setAttempt] = useState(0)
  const immediate = useRef(false)
  // The result the combobox has highlighted. Right after the results arrive the list opens and
  // its first result is highlighted one frame later (the list mounts in a portal first).
  const highlighted = useRef<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    const q = input.trim()
    if ([...q].length < CATALOG_QUERY.min) {
      setResults([])
      setOpen(false)
      setState({ loading: false, message: null })
      return
    }
    const ctrl = new AbortController()
    const delay = immediate.current ? 0 : DEBOUNCE_MS
    immediate.current = false
    const timer = setTimeout(() => {
      setState({ loading: true, message: null })
      searchCatalog(q.slice(0, CATALOG_QUERY.max), ctrl.signal).then(
        (r) => {
          if (r.ok) {
            setResults(r.data)
            setOpen(r.data.length > 0)
            setState({
              loading: false,
              message: r.data.length ? null : t`Nothing found in the catalogue. You can type the book in below.`,
            })
          } else {
            setResults([])
            setOpen(false)
            setState({ loading: false, message: r.message, failed: true })
          }
        },
        () => {}, // aborted: a newer search is on its way
      )
    }, delay)
    return () => {
      clearTimeout(timer)
      ctrl.abort()
    }
  }, [input, attempt, t])

  const searchNow = () => {
    immediate.current = true
    setAttempt((n) => n + 1)
  }

  // Enter picks the highlighted result while the list is open (the combobox's own handling);
  // otherwise it searches now, and the add form around the box is not submitted. An Enter that
  // comes in the frame between the list opening and its first result being highlighted would
  // otherwise reach the combobox with nothing highlighted, which empties the box and closes the
  // list (what a slow phone did to a reader who pressed Enter as the results came).
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return
    if (open && highlighted.current !== null) return
    e.preventDefault()
    searchNow()
  }

  const byHand = () => {
    const title = inputRef.current?.form?.elements.namedItem('title')
    if (title instanceof HTMLElement) title.focus()
  }

  const collection = useMemo(
    () =>
      Combobox.createListCollection({
        items: results.map((b, i) => ({ ...b, key: keyOf(b, i) })),
        itemToValue: (b) => b.key,
        itemToString: (b) => b.title,
      }),
    [results],
  )

  return (
    <div>
      <Combobox.Root
        collection={collection}
        inputValue={input}
        open={open}
        onOpenChange={(d) => setOpen(d.open && results.length > 0)}
        onInputValueChange={(d) => setInput(d.inputValue)}
        onHighlightChange={(d) => (highlighted.current = d.highlightedValue)}
        onValueChange={(d) => {
          const picked = d.items[0]
          if (!picked) return
          const { key: _key, ...book } = picked
          onPick(book)
          setInput('')
          setResults([])
          setOpen(false)
        }}
        inputBehavior="autohighlight"
        selectionBehavior="clear"
      >
        <Combobox.Label>
          <Trans>Find the book</Trans>
        </Combobox.Label>
        <Combobox.Input
          ref={inputRef}
          name="catalog-search"
          placeholder={t`Title, author or ISBN`}
          autoComplete="off"
          enterKeyHint="search"
          onKeyDown={onKeyDown}
        />
        {results.length > 0 && (
          <Combobox.Content>
            {collection.items.map((b) => {
              const year = b.year
              return (
                <Combobox.Item key={b.key} item={b}>
                  <BookCover url={b.imageUrl} size="sm" />
                  <span className={styles.text}>
                    <Combobox.ItemText className={styles.title}>{b.title}</Combobox.ItemText>
                    <span className={styles.meta}>
                      {[b.author, year != null ? String(year) : null].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                </Combobox.Item>
              )
            })}
          </Combobox.Content>
        )}
      </Combobox.Root>
      <p className={styles.status} role="status" aria-live="polite">
        {state.loading ? (
          <>
            <Spinner size="sm" />
            <Trans>Searching the catalogue…</Trans>
          </>
        ) : (
          state.message
        )}
      </p>
      {state.failed && !state.loading && (
        <div className={styles.failed}>
          <Button size="sm" variant="outline" onClick={searchNow}>
            <Trans>Try again</Trans>
          </Button>
          <Button size="sm" variant="ghost" onClick={byHand}>
            <Trans>Add it by hand</Trans>
          </Button>
        </div>
      )}
    </div>
  )
}
