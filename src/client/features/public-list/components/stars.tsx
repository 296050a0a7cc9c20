import { useLingui } from '@lingui/react/macro'
import { Star } from 'lucide-react'
import { css } from 'styled-system/css'

const styles = {
  root: css({ display: 'inline-flex', alignItems: 'center', gap: '0.5', flexShrink: 0 }),
  on: css({ color: { base: 'amber.600', _dark: 'amber.400' } }),
  off: css({ color: 'border.input' }),
}

const STARS = [1, 2, 3, 4, 5]

/** A read-only rating (spec §9: 5 stars), read out as "Rated 4 out of 5" or "Not rated". */
export function Stars({ rating }: { rating: number | null }) {
  const { t } = useLingui()
  const label = rating ? t`Rated ${rating} out of 5` : t`Not rated`
  return (
    <span role="img" aria-label={label} title={label} className={styles.root}>
      {STARS.map((n) => {
        const on = !!rating && n <= rating
        return <Star key={n} aria-hidden size={16} strokeWidth={1.75} className={on ? styles.on : styles.off} fill={on ? 'currentColor' : 'none'} />
      })}
    </span>
  )
}
