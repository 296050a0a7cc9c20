import { useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'

const styles = {
  root: css({ display: 'inline-flex', flexShrink: 0 }),
  on: css({ color: { base: 'amber.600', _dark: 'amber.400' } }),
  off: css({ color: 'border.input' }),
  none: css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' }),
}

// Lucide's "star" outline (24 units), drawn five times in one <svg>: a rating is one element to
// render and hydrate, not five icon components (a public list of 50 books hydrates on a phone, where
// total blocking time counts). Stars `size` px wide, 1/8 of a star apart.
const STAR =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z'
const STEP = 27 // 24 units a star + 3 units between
const STARS = [1, 2, 3, 4, 5]

/**
 * A read-only rating (5 stars), read out as "Rated 4 out of 5". A book without a rating
 * says "Not rated" in words: five empty stars would read as a rating of zero.
 */
export function Stars({ rating, size = 16 }: { rating: number | null; size?: number }) {
  const { t } = useLingui()
  if (!rating) return <span className={styles.none}>{t`Not rated`}</span>
  const label = t`Rated ${rating} out of 5`
  return (
    <span role="img" aria-label={label} title={label} className={styles.root}>
      <svg
        aria-hidden
        width={(size * (STEP * 5 - 3)) / 24}
        height={size}
        viewBox={`0 0 ${STEP * 5 - 3} 24`}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {STARS.map((n) => {
          const on = n <= rating
          return (
            <path
              key={n}
              d={STAR}
              transform={`translate(${(n - 1) * STEP} 0)`}
              className={on ? styles.on : styles.off}
              fill={on ? 'currentColor' : 'none'}
            />
          )
        })}
      </svg>
    </span>
  )
}
