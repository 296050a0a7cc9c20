import { Trans, useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { Link } from '~/client/ui/link'
import { usePlanLabels } from '~/client/lib/plan-labels'
import { paidPlans, paymentConfig } from '~/client/lib/plans'
import * as Alert from '~/client/ui/alert'
import * as Form from '~/client/ui/form'
import { ChangePlanInput, type PlansData, type SubscriptionData } from '~/shared/schemas/billing'
import { afterBillingChange } from '../api/billing'
import { Downgrade } from './downgrade-dialog'
import { usePlanOptions } from './plan-parts'
import { SubscriptionSummary } from './subscription-summary'

const styles = {
  tab: css({ display: 'flex', flexDirection: 'column', gap: '8' }),
  heading: css({ fontSize: 'md', fontWeight: 'semibold', mb: '3' }),
  upgrades: css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' }),
}

/**
 * The Plan tab of /account/billing: the plan in force, a change to another paid plan (PATCH
 * /api/account/plan; "a change to any other plan marks the subscription active", spec §4), and
 * the switch to free with its end date. On free, the paid plans lead to /account/upgrade.
 */
export function PlanTab({ plans, subscription }: { plans: PlansData; subscription: SubscriptionData | undefined }) {
  const { t } = useLingui()
  const labels = usePlanLabels()
  const options = usePlanOptions()
  const current = plans.plans.find((p) => p.id === plans.active)
  const sub = subscription?.object
  const paid = paidPlans(plans.plans)
  const onPaid = !!current && current.price > 0

  if (!onPaid) {
    return (
      <div className={styles.tab}>
        <SubscriptionSummary plan={current} subscription={subscription} />
        <section>
          <h3 className={styles.heading}>
            <Trans>Upgrade</Trans>
          </h3>
          <ul className={styles.upgrades}>
            {paid.map((plan) => (
              <li key={plan.id}>
                <Link to="/account/upgrade" search={{ plan: plan.id }}>
                  <Trans>Upgrade to {labels.label(plan)}</Trans>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    )
  }

  const ending = !!sub?.cancel_at_period_end
  return (
    <div className={styles.tab}>
      <SubscriptionSummary plan={current} subscription={subscription} />
      {ending && sub && (
        <Alert.Root status="info" data-testid="plan-ending">
          <Alert.Icon />
          <Alert.Content>
            <Alert.Description>
              <Trans>
                Your {labels.name(current)} plan ends on {labels.date(sub.current_period_end)}. You keep its features
                until then; then your account moves to Free. Choose a plan below to keep it.
              </Trans>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <section>
        <h3 className={styles.heading}>
          <Trans>Change plan</Trans>
        </h3>
        <Form.Root
          key={`${plans.active}-${ending}`}
          schema={ChangePlanInput}
          method="patch"
          url="account/plan"
          payment={paymentConfig(plans)}
          defaultValues={{ plan: ending ? current.id : (paid.find((p) => p.id !== current.id)?.id ?? '') }}
          aria-label={t`Change plan`}
          onSuccess={() => afterBillingChange()}
        >
          <Form.Radio
            name="plan"
            label={t`Paid plans`}
            options={options(paid, { current: current.id, disabled: (p) => p.id === current.id && !ending })}
          />
          <Form.Submit>
            <Trans>Change plan</Trans>
          </Form.Submit>
        </Form.Root>
      </section>
      {!ending && sub && <Downgrade planName={labels.name(current)} periodEnd={sub.current_period_end} />}
    </div>
  )
}
