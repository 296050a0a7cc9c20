import { Trans, useLingui } from '@lingui/react/macro'
import { Check, Plus, ShoppingCart } from 'lucide-react'
import { css, cva } from 'styled-system/css'
import { BookCover } from '~/client/ui/book-cover'
import { Button, buttonRecipe } from '~/client/ui/button'
import type { PublicBook } from '../api/public-list'
import { buyUrl } from '../list-model'
import { STATUS_LABEL } from './labels'
import { Stars } from '~/client/ui/stars'

const srOnly = css({ srOnly: true })

const styles = {
  // Cover and text side by side, the buttons on a row of their own across the card's foot, so
  // every card of a row ends with its buttons at the same height and laid out the same way.
  card: css({
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    gridTemplateRows: '1fr auto',
    columnGap: '4',
    rowGap: '4',
    h: 'full',
    p: '4',
    bg: 'bg.panel',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'xl',
    boxShadow: 'xs',
    // Out of view, a card is neither laid out nor painted until it scrolls near (its last size,
    // or about a card's, holds its place): the first paint of a long list lays out a screenful.
    // On the card, not its <li>: the paint containment this brings clips the contents, not the
    // card's own shadow.
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 11rem',
  }),
  main: css({ minW: 0, display: 'flex', flexDirection: 'column', gap: '1.5' }),
  title: css({ fontSize: 'md', fontWeight: 'semibold', lineHeight: 'snug', overflowWrap: 'anywhere' }),
  author: css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' }),
  meta: css({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '2' }),
  // The data table's badge colours (ui/data-table badgeRecipe), without loading the table's recipes.
  badge: cva({
    base: {
      display: 'inline-flex',
      alignItems: 'center',
      px: '2',
      py: '0.5',
      borderRadius: 'full',
      fontSize: 'xs',
      fontWeight: 'semibold',
      whiteSpace: 'nowrap',
    },
    variants: {
      status: {
        not_started: { bg: 'bg.muted', color: 'fg' },
        reading: { bg: 'info.subtle', color: 'info' },
        finished: { bg: 'success.subtle', color: 'success' },
      },
    },
  }),
  review: css({ fontSize: 'sm', color: 'fg', lineClamp: '3', whiteSpace: 'pre-line' }),
  // The card's width alone decides the layout (a container query, not the labels' lengths):
  // side by side when two buttons fit in either language, else one above the other.
  actions: css({ gridColumn: '1 / -1', containerType: 'inline-size' }),
  buttons: css({
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: '2',
    '@container (min-width: 23rem)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  }),
}

// Worked out once, not per card: a list of hundreds hydrates on a phone (total
// blocking time), and a recipe call costs more than a lookup.
const buyClass = buttonRecipe({ variant: 'outline', size: 'sm' })
const badgeClass = {
  not_started: styles.badge({ status: 'not_started' }),
  reading: styles.badge({ status: 'reading' }),
  finished: styles.badge({ status: 'finished' }),
}

export interface BookCardProps {
  book: PublicBook
  affiliateTag: string
  /** Only a signed-in visitor, and never on their own list. */
  canAdd: boolean
  adding: boolean
  /** After a click: added now, or it was on the visitor's list already. */
  added: 'added' | 'already' | null
  onAdd: (book: PublicBook) => void
}

/** One book of a public list: cover, title, author, rating stars, status, review, Buy and Add. */
export function BookCard({ book, affiliateTag, canAdd, adding, added, onAdd }: BookCardProps) {
  const { t, i18n } = useLingui()
  const title = book.title
  return (
    <article className={styles.card}>
      <BookCover url={book.imageUrl} size="lg" />
      <div className={styles.main}>
        <h2 className={styles.title}>{title}</h2>
        {book.author && <p className={styles.author}>{book.author}</p>}
        <div className={styles.meta}>
          <Stars rating={book.rating} />
          <span className={badgeClass[book.status]}>{i18n._(STATUS_LABEL[book.status])}</span>
        </div>
        {book.review && <p className={styles.review}>{book.review}</p>}
      </div>
      <div className={styles.actions}>
        <div className={styles.buttons}>
          {/* A retailer search with the affiliate tag; sponsored (a paid link). */}
          <a
            href={buyUrl(book, affiliateTag)}
            target="_blank"
            rel="noopener sponsored"
            className={buyClass}
          >
            <ShoppingCart aria-hidden size={16} />
            <Trans>Buy</Trans>
            {/* The name says which book and that it opens a new tab; it starts with the visible word. */}
            <span className={srOnly}>{t`: ${title} (opens in a new tab)`}</span>
          </a>
          {canAdd &&
            (added ? (
              <Button size="sm" variant="ghost" disabled>
                <Check aria-hidden size={16} />
                {added === 'already' ? <Trans>Already on your list</Trans> : <Trans>Added</Trans>}
                <span className={srOnly}>{t`: ${title}`}</span>
              </Button>
            ) : (
              <Button size="sm" loading={adding} onClick={() => onAdd(book)}>
                {!adding && <Plus aria-hidden size={16} />}
                <Trans>Add to my list</Trans>
                <span className={srOnly}>{t`: ${title}`}</span>
              </Button>
            ))}
        </div>
      </div>
    </article>
  )
}
