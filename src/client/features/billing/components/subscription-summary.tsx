import { Trans } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import type { Plan } from '~/client/lib/plans'
import { usePlanLabels } from '~/client/lib/plan-labels'
import { textRecipe } from '~/client/ui/text'
import { isGoodStanding, seatsTotal, type SubscriptionData } from '~/shared/schemas/billing'

// The Plan tab's facts: the plan label, the period and, for a per-seat plan, the seats (the
// seats total is the rounded price × seats ÷ 100).

const styles = {
  list: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
    columnGap: '6',
    rowGap: '2',
    m: '0',
  }),
  term: textRecipe({ tone: 'muted', size: 'sm' }),
  value: css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg', m: '0', mb: { base: '2', sm: '0' } }),
}

export function SubscriptionSummary({
  plan,
  subscription,
}: {
  plan: Plan | undefined
  subscription: SubscriptionData | undefined
}) {
  const labels = usePlanLabels()
  const sub = subscription?.object
  const planLabel = plan ? labels.label(plan) : ''
  // A renewal that did not go through (past_due, requires_action/payment_method) has opened the new
  // period unpaid: the date that matters is when payment became due, not a renewal that may not come.
  const unpaid = !isGoodStanding(subscription?.status)
  const end = sub ? labels.date(unpaid ? sub.current_period_start : sub.current_period_end) : ''
  const seats = sub?.seats ?? 0
  const seatPrice = sub ? labels.money(sub.currency_symbol, sub.seat_price / 100, true) : ''
  const total = sub ? labels.money(sub.currency_symbol, seatsTotal(sub.seat_price, seats), true) : ''
  return (
    <dl className={styles.list}>
      <dt className={styles.term}>
        <Trans>Plan</Trans>
      </dt>
      <dd className={styles.value} data-testid="billing-plan">
        {planLabel}
      </dd>
      {sub && (
        <>
          <dt className={styles.term}>
            {unpaid ? (
              <Trans>Payment due since</Trans>
            ) : sub.cancel_at_period_end ? (
              <Trans>Ends on</Trans>
            ) : (
              <Trans>Renews on</Trans>
            )}
          </dt>
          <dd className={styles.value} data-testid="billing-period-end">
            {end}
          </dd>
        </>
      )}
      {sub && plan?.per_seat && (
        <>
          <dt className={styles.term}>
            <Trans>Seats</Trans>
          </dt>
          <dd className={styles.value}>
            <Trans>
              {seats} × {seatPrice} = {total}
            </Trans>
          </dd>
        </>
      )}
    </dl>
  )
}
