import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Star } from 'lucide-react'
import { memo, useId, useLayoutEffect, useMemo, useRef } from 'react'
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
 *
 * The handlers are on the group (the radios' events bubble to it), and which radio is checked is
 * set on the radios themselves, not drawn: React sets an input's name (twice) and type again each
 * time it draws it, and a radio's name change re-files it in its group, so a row given another
 * book draws only the stars whose fill changed, and no radio.
 */
export function RowRating({ book }: { book: LocalBook }) {
  const { t, i18n } = useLingui()
  const labels = starLabels(i18n.locale)
  // The radios' group name belongs to the row, not the book: a row given another book keeps it.
  const group = useId()
  const title = book.title
  const rating = book.rating ?? 0
  const rate = (value: number | null) => void updateBook(book.id, { rating: value })
  const star = (e: React.SyntheticEvent) => (e.target instanceof HTMLInputElement ? Number(e.target.value) : 0)
  const radios = useRef<HTMLSpanElement>(null)
  // A click checks its radio at once; the book's rating, saved or from elsewhere, decides.
  useLayoutEffect(() => {
    radios.current?.querySelectorAll('input').forEach((radio, i) => {
      radio.checked = book.rating === i + 1
    })
  })
  return (
    <span
      ref={radios}
      role="radiogroup"
      aria-label={t`Rating of “${title}”`}
      className={styles.group}
      onChange={(e) => star(e) && rate(star(e))}
      // A click on the star already chosen changes nothing, so no change event: it clears.
      onClick={(e) => star(e) === book.rating && rate(null)}
      onKeyDown={clearOnDelete(() => rate(null))}
    >
      {STARS.map((n) => (
        <StarRadio key={n} n={n} name={group} on={n <= rating} label={labels[n - 1]!} />
      ))}
    </span>
  )
}

const StarRadio = memo(function StarRadio({ n, name, on, label }: { n: number; name: string; on: boolean; label: string }) {
  // The same element while the star's fill changes: React leaves the radio alone.
  const radio = useMemo(
    () => <input type="radio" className={styles.input} name={name} value={n} aria-label={label} />,
    [name, n, label],
  )
  return (
    <label className={styles.star} data-on={on ? '' : undefined}>
      {radio}
      {STAR}
    </label>
  )
})
