import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Star } from 'lucide-react'
import { useId } from 'react'
import { css } from 'styled-system/css'
import type { LocalBook } from '~/client/db'
import { updateBook } from '~/client/sync'
import { clearOnDelete, STARS, starRecipe } from '~/client/ui/rating-stars'

const styles = {
  group: css({ display: 'inline-flex', flexShrink: 0, mx: '-1' }),
  star: starRecipe({ size: 'row' }),
  input: css({ srOnly: true }),
}

// One star element, built once (five a row, on every row): a chosen star is filled by its label's
// style, so a row given another rating changes an attribute, not its icons.
const STAR = <Star aria-hidden size={16} fill="none" strokeWidth={1.75} />

// The stars' names, worked out once a language (five a row, on every row).
let named: { locale: string; labels: string[] } | null = null
function starLabels(locale: string): string[] {
  if (named?.locale !== locale) named = { locale, labels: STARS.map((n) => plural(n, { one: '# star', other: '# stars' })) }
  return named.labels
}

/**
 * The row's rating, rated where it is shown: one native radio a star, so a tap rates and arrows
 * move the rating from the keyboard; tapping the current rating, or Delete/Backspace on a star (as
 * in the book form), clears it. Each change is an ordinary book update: kept on the device at once
 * and synced like any other edit.
 */
export function RowRating({ book }: { book: LocalBook }) {
  const { t, i18n } = useLingui()
  const labels = starLabels(i18n.locale)
  // The radios' group name belongs to the row, not the book: a row given another book keeps it.
  const group = useId()
  const title = book.title
  const rating = book.rating ?? 0
  const rate = (value: number | null) => void updateBook(book.id, { rating: value })
  return (
    <span role="radiogroup" aria-label={t`Rating of “${title}”`} className={styles.group}>
      {STARS.map((n) => (
        <label key={n} className={styles.star} data-on={n <= rating ? '' : undefined}>
          <input
            type="radio"
            className={styles.input}
            name={group}
            value={n}
            checked={book.rating === n}
            aria-label={labels[n - 1]}
            onChange={() => rate(n)}
            // A click on the star already chosen changes nothing, so no change event: it clears.
            onClick={() => book.rating === n && rate(null)}
            onKeyDown={clearOnDelete(() => rate(null))}
          />
          {STAR}
        </label>
      ))}
    </span>
  )
}
