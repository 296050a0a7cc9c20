import { Trans, useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import type { Plan } from '~/client/lib/plans'
import { usePlanLabels } from '~/client/lib/plan-labels'
import type * as Form from '~/client/ui/form'

// Pieces of a plan shown wherever one is chosen (name, price, features).

const styles = {
  features: css({ display: 'flex', flexWrap: 'wrap', gap: '1', mt: '2', listStyle: 'none', p: '0' }),
  feature: css({ fontSize: 'xs', px: '2', py: '0.5', borderRadius: 'md', bg: 'bg.muted', color: 'fg' }),
  price: css({ display: 'block', fontWeight: 'bold', fontSize: 'md', color: 'fg' }),
  current: css({
    fontSize: 'xs',
    fontWeight: 'semibold',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    bg: 'accent.subtle',
    color: 'accent',
    whiteSpace: 'nowrap',
  }),
}

export function PlanFeatures({ plan }: { plan: Plan }) {
  const { t } = useLingui()
  return (
    <ul className={styles.features} aria-label={t`Features`}>
      {plan.features.map((f) => (
        <li key={f.name} className={styles.feature}>
          {f.name}
        </li>
      ))}
    </ul>
  )
}

/** /plans: the Current plan marker. */
export function CurrentPlanMarker() {
  return (
    <span className={styles.current} data-testid="current-plan-marker">
      <Trans>Current plan</Trans>
    </span>
  )
}

/** A plan as a radio option: name, price label and features (the Current plan marker at the end). */
export function usePlanOptions() {
  const labels = usePlanLabels()
  return (
    plans: readonly Plan[],
    opts: { current?: string | null; disabled?: (plan: Plan) => boolean } = {},
  ): Form.RadioOption[] =>
    plans.map((plan) => ({
      value: plan.id,
      label: labels.name(plan),
      disabled: opts.disabled?.(plan),
      // The price sits under the name, not beside it: "$12/member/month" beside a name leaves a
      // phone's option no room.
      description: (
        <>
          <span className={styles.price}>{labels.price(plan)}</span>
          <PlanFeatures plan={plan} />
        </>
      ),
      aside: opts.current === plan.id ? <CurrentPlanMarker /> : undefined,
    }))
}
