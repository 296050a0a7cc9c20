import { useLingui } from '@lingui/react/macro'
import { Star } from 'lucide-react'
import { css } from 'styled-system/css'

const styles = {
  root: css({ display: 'inline-flex', alignItems: 'center', gap: '0.5', flexShrink: 0 }),
  on: css({ color: { base: 'amber.600', _dark: 'amber.400' } }),
  off: css({ color: 'border' }),
}

/** A read-only rating: five small stars, read out as "Rated 4 out of 5" or "Not rated". */
export function Stars({ rating, size = 16 }: { rating: number | null; size?: number }) {
  const { t } = useLingui()
  const label = rating ? t`Rated ${rating} out of 5` : t`Not rated`
  return (
    <span role="img" aria-label={label} title={label} className={styles.root}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          size={size}
          className={rating && n <= rating ? styles.on : styles.off}
          fill={rating && n <= rating ? 'currentColor' : 'none'}
          strokeWidth={1.75}
        />
      ))}
    </span>
  )
}
