import { useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { Icon } from '../icon'
import { statCardRecipe } from './stat-card.recipe'

/** A change "with a minus prefix" is a decrease (ASCII hyphen-minus or U+2212). */
export function isDecrease(change: string | number): boolean {
  if (typeof change === 'number') return change < 0
  return /^\s*[-\u2212]/.test(change)
}

export interface RootProps {
  value: ReactNode
  label: ReactNode
  /** e.g. `+12%` or `-3`; omitted, no arrow is shown. */
  change?: string | number
  /**
   * A word in place of a change when there is nothing to compare with (e.g. "new" for views
   * after a period with none): the green pill, without an arrow. Ignored when `change` is set.
   */
  changeNote?: ReactNode
  /** A name from the icon registry. */
  icon?: Icon.IconName
  /** Secondary line, e.g. the public page URL on the dashboard. */
  description?: ReactNode
  /** Actions under the description, e.g. the edit link and copy button on /account/url. */
  children?: ReactNode
  className?: string
}

export function Root({ value, label, change, changeNote, icon, description, children, className }: RootProps) {
  const { t } = useLingui()
  const labelId = useId()
  const hasChange = change !== undefined && change !== ''
  const down = hasChange && isDecrease(change)
  const styles = statCardRecipe({ trend: down ? 'down' : 'up' })
  return (
    <section className={cx(styles.root, className)} aria-labelledby={labelId}>
      <div className={styles.header}>
        <p id={labelId} className={styles.label}>
          {label}
        </p>
        {icon && (
          <span className={styles.icon}>
            <Icon.Root name={icon} size="sm" />
          </span>
        )}
      </div>
      <p className={styles.value}>{value}</p>
      {hasChange ? (
        <p className={styles.change}>
          <Icon.Root name={down ? 'arrow-down' : 'arrow-up'} size="sm" label={down ? t`Decrease` : t`Increase`} />
          <span>{change}</span>
        </p>
      ) : (
        changeNote && <p className={styles.change}>{changeNote}</p>
      )}
      {description && <div className={styles.description}>{description}</div>}
      {children && <div className={styles.footer}>{children}</div>}
    </section>
  )
}
