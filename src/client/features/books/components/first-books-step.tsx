import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { BookOpen, Upload } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { useBookCount, useBooks } from '~/client/sync'
import { BookCover } from '~/client/ui/book-cover'
import * as Form from '~/client/ui/form'
import { Link } from '~/client/ui/link'
import { textRecipe } from '~/client/ui/text'
import { BOOK_LIMITS } from '~/shared/schemas/book'
import { saveNewBook } from '../actions'
import { EMPTY_BOOK, NewBookSchema, toCreateInput } from '../form-schema'

const SHOWN = 5

const styles = {
  stack: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  lead: textRecipe({ tone: 'muted' }),
  pair: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
    gap: '5',
  }),
  submit: css({ alignSelf: { sm: 'flex-start' }, w: { base: 'full', sm: 'auto' } }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' }),
  heading: css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted' }),
  item: css({ display: 'flex', alignItems: 'center', gap: '3', minW: 0 }),
  text: css({ display: 'flex', flexDirection: 'column', minW: 0 }),
  title: css({ fontWeight: 'medium', truncate: true }),
  author: css({ fontSize: 'sm', color: 'fg.muted', truncate: true }),
  more: textRecipe({ tone: 'muted', size: 'sm' }),
  empty: css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' }),
  import: css({ display: 'flex', alignItems: 'flex-start', gap: '2', fontSize: 'sm', color: 'fg.muted' }),
  importIcon: css({ flexShrink: 0, mt: '0.5' }),
}

/**
 * /welcome, the "add your first books" step: a title (and author) added right here, the
 * way /books/new adds one (saveNewBook: the Dexie row and its outbox entry in one transaction, so
 * it works offline and syncs later), then the books on the list so far. The form starts afresh
 * after each book (and a polite status says what was added), ready for the next. A reader with
 * a list elsewhere imports it instead: /books/import, which leads back to this
 * onboarding `page`.
 */
export function FirstBooksStep({ page }: { page: number }) {
  const { t } = useLingui()
  const books = useBooks({ limit: SHOWN })
  const count = useBookCount() ?? 0
  const [added, setAdded] = useState<string | null>(null)
  const [round, setRound] = useState(0)
  const more = count - SHOWN
  return (
    <div className={styles.stack}>
      <p className={styles.lead}>
        <Trans>Add a book or two you mean to read. Only the title is needed, and it works offline too.</Trans>
      </p>
      <Form.Root
        key={round}
        schema={NewBookSchema}
        defaultValues={{ ...EMPTY_BOOK, link: '' }}
        submit={async (values) => {
          const book = await saveNewBook(toCreateInput(values))
          setAdded(book.title)
          return {}
        }}
        onSuccess={() => setRound((n) => n + 1)}
        onlineOnly={false}
        aria-label={t`Add a book`}
      >
        <div className={styles.pair}>
          {/* Not focused again after an add: leaving an empty title would then say it is
              missing, though the reader may be done (and the message would move Finish). */}
          <Form.Text name="title" label={t`Title`} required maxLength={BOOK_LIMITS.title} autoComplete="off" />
          <Form.Text name="author" label={t`Author`} maxLength={BOOK_LIMITS.author} autoComplete="off" />
        </div>
        <Form.Submit className={styles.submit}>
          <Trans>Add book</Trans>
        </Form.Submit>
      </Form.Root>
      <p className={styles.import}>
        <Upload aria-hidden size={16} className={styles.importIcon} />
        <span>
          <Trans>Already keep a list on Goodreads or The StoryGraph?</Trans>{' '}
          <Link to="/books/import" search={{ welcome: page }}>
            <Trans>Import it</Trans>
          </Link>
        </span>
      </p>
      <p role="status" className={styles.more}>
        {added ? <Trans>Added “{added}” to your list.</Trans> : null}
      </p>
      {books && books.length > 0 ? (
        <section aria-labelledby="first-books-list" className={styles.stack}>
          <h3 id="first-books-list" className={styles.heading}>
            <Plural value={count} one="On your list: # book" other="On your list: # books" />
          </h3>
          <ul className={styles.list}>
            {books.map((book) => (
              <li key={book.id} className={styles.item}>
                <BookCover url={book.imageUrl} size="sm" />
                <span className={styles.text}>
                  <span className={styles.title}>{book.title}</span>
                  {book.author && <span className={styles.author}>{book.author}</span>}
                </span>
              </li>
            ))}
          </ul>
          {more > 0 && (
            <p className={styles.more}>
              <Trans>and {more} more</Trans>
            </p>
          )}
        </section>
      ) : (
        <p className={styles.empty}>
          <BookOpen aria-hidden size={16} />
          <Trans>No books on your list yet.</Trans>
        </p>
      )}
    </div>
  )
}
