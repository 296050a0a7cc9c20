import { Trans, useLingui } from '@lingui/react/macro'
import { css, cx } from 'styled-system/css'
import { cardDisplayRecipe } from './card-display.recipe'
import { brandName, formatExpiry, maskCardNumber, MASKED_CVV } from './format'

export { brandName, formatExpiry, maskCardNumber }

export interface RootProps {
  /** Provider brand id, e.g. `visa`; unknown ids are shown as given, missing ones as "Card". */
  brand: string | null | undefined
  last4: string
  expMonth: number
  expYear: number
  className?: string
}

const srOnly = css({ srOnly: true })

/** A payment card as it is stored: never more than brand, last four digits and expiry. */
export function Root({ brand, last4, expMonth, expYear, className }: RootProps) {
  const { t } = useLingui()
  const styles = cardDisplayRecipe()
  const digits = last4.replace(/\D/g, '').slice(-4)
  const name = brandName(brand) ?? (brand?.trim() || t`Card`)
  const expiry = formatExpiry(expMonth, expYear)
  return (
    <section className={cx(styles.root, className)} aria-label={t`Payment card`}>
      <p className={styles.brand}>{name}</p>
      {/* Bullets read badly aloud: screen readers get the sentence, sighted users the mask. */}
      <p className={styles.number}>
        <span aria-hidden="true">{maskCardNumber(digits)}</span>
        <span className={srOnly}>
          <Trans>Card number ending in {digits}</Trans>
        </span>
      </p>
      <dl className={styles.details}>
        <div className={styles.detail}>
          <dt className={styles.detailLabel}>
            <Trans>Expires</Trans>
          </dt>
          <dd className={styles.detailValue}>{expiry}</dd>
        </div>
        <div className={styles.detail}>
          <dt className={styles.detailLabel}>
            <Trans>CVV</Trans>
          </dt>
          <dd className={styles.detailValue}>
            <span aria-hidden="true">{MASKED_CVV}</span>
            <span className={srOnly}>
              <Trans>Hidden</Trans>
            </span>
          </dd>
        </div>
      </dl>
    </section>
  )
}
