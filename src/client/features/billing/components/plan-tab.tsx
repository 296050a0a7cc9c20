import { Trans, useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { useState } from 'react'
import { send } from '~/client/lib/http'
import { Link } from '~/client/ui/link'
import { usePlanLabels } from '~/client/lib/plan-labels'
import { paidPlans } from '~/client/lib/plans'
import * as Form from '~/client/ui/form'
import { Button } from '~/client/ui/button'
import {
  ChangePlanInput,
  isGoodStanding,
  type PlanPreviewData,
  type PlansData,
  type SubscriptionData,
} from '~/shared/schemas/billing'
import { ChangePlanDialog, type PlanPreview } from './change-plan-dialog'
import { Downgrade } from './downgrade-dialog'
import { usePlanOptions } from './plan-parts'
import { ScheduledChange, scheduledPlan } from './scheduled-change'
import { SubscriptionSummary } from './subscription-summary'

const styles = {
  tab: css({ display: 'flex', flexDirection: 'column', gap: '8' }),
  heading: css({ fontSize: 'md', fontWeight: 'semibold', mb: '3' }),
  paused: css({ color: 'fg.muted', mb: '3' }),
  upgrades: css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' }),
}

/**
 * The Plan tab of /account/billing: the plan in force, a change waiting for the period's end
 * (with "Keep current plan"), a change to another paid plan confirmed with what it charges (PATCH
 * /api/account/plan), and the switch to free with its end date. On free, the paid plans lead to
 * /account/upgrade. While the latest payment is failing, a change to another paid plan waits for
 * a working card (decisions §16: the server refuses it), so the tab says so and leads to the Card tab.
 */
export function PlanTab({
  plans,
  subscription,
  onReplaceCard,
}: {
  plans: PlansData
  subscription: SubscriptionData | undefined
  onReplaceCard: () => void
}) {
  const { t } = useLingui()
  const labels = usePlanLabels()
  const options = usePlanOptions()
  const current = plans.plans.find((p) => p.id === plans.active)
  const sub = subscription?.object
  const paid = paidPlans(plans.plans)
  const onPaid = !!current && current.price > 0
  const [preview, setPreview] = useState<PlanPreview | null>(null)

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

  const next = scheduledPlan(plans, subscription)
  // The plan already chosen for the next period is not offered again (Keep current plan undoes it).
  const others = paid.filter((p) => p.id !== current.id && p.id !== next?.id)
  return (
    <div className={styles.tab}>
      <SubscriptionSummary plan={current} subscription={subscription} />
      {next && sub && <ScheduledChange current={current} next={next} date={sub.current_period_end} />}
      {others.length > 0 && !isGoodStanding(subscription?.status) ? (
        <section>
          <h3 className={styles.heading}>
            <Trans>Change plan</Trans>
          </h3>
          <p className={styles.paused}>
            <Trans>Your latest payment has not gone through: update your card first, then change your plan.</Trans>
          </p>
          <div>
            <Button size="sm" variant="outline" onClick={onReplaceCard}>
              <Trans>Replace card</Trans>
            </Button>
          </div>
        </section>
      ) : (
        others.length > 0 && (
          <section>
            <h3 className={styles.heading}>
              <Trans>Change plan</Trans>
            </h3>
            {/* The choice asks the server what it would charge; the dialog confirms before anything is charged. */}
            <Form.Root
              key={`${plans.active}-${next?.id ?? ''}`}
              schema={ChangePlanInput}
              submit={(values) => send<PlanPreviewData>('patch', 'account/plan', { plan: values.plan, preview: true })}
              onSuccess={(res) => setPreview((res.data as PlanPreviewData | undefined)?.preview ?? null)}
              defaultValues={{ plan: others[0]!.id }}
              aria-label={t`Change plan`}
            >
              <Form.Radio name="plan" label={t`Paid plans`} options={options(others)} />
              <Form.Submit>
                <Trans>Change plan…</Trans>
              </Form.Submit>
            </Form.Root>
            <ChangePlanDialog
              preview={preview}
              plan={plans.plans.find((p) => p.id === preview?.plan)}
              current={current}
              onClose={() => setPreview(null)}
            />
          </section>
        )
      )}
      {!next && sub && <Downgrade planName={labels.name(current)} periodEnd={sub.current_period_end} />}
    </div>
  )
}
