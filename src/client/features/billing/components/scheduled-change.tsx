import { Trans, useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { usePlanLabels } from '~/client/lib/plan-labels'
import type { Plan } from '~/client/lib/plans'
import * as Alert from '~/client/ui/alert'
import * as Form from '~/client/ui/form'
import type { PlansData, SubscriptionData } from '~/shared/schemas/billing'
import { PlanChangeForm } from './plan-change-form'

/** The plan a subscription moves to at its period's end (a cheaper paid plan, or Free), if any. */
export function scheduledPlan(plans: PlansData, subscription: SubscriptionData | undefined): Plan | undefined {
  const sub = subscription?.object
  if (!sub) return undefined
  if (sub.cancel_at_period_end) return plans.plans.find((p) => p.price === 0)
  return sub.pending_plan ? plans.plans.find((p) => p.id === sub.pending_plan) : undefined
}

/**
 * A change waiting for the end of the period: its date, and "Keep current plan", which cancels it
 * (PATCH /api/account/plan with the current plan). Shown on the Plan tab and on /plans.
 */
export function ScheduledChange({ current, next, date }: { current: Plan; next: Plan; date: string }) {
  const { t } = useLingui()
  const labels = usePlanLabels()
  const currentName = labels.name(current)
  const nextName = labels.name(next)
  const when = labels.date(date)
  return (
    <Alert.Root status="info" data-testid="plan-ending">
      <Alert.Icon />
      <Alert.Content>
        <Alert.Description>
          <Trans>
            Your plan changes from {currentName} to {nextName} on {when}. You keep {currentName} and its features until
            then.
          </Trans>
        </Alert.Description>
        <PlanChangeForm plan={current.id} label={t`Keep current plan`} className={css({ mt: '2' })}>
          <Form.Submit fullWidth={false} size="sm" variant="outline">
            <Trans>Keep current plan</Trans>
          </Form.Submit>
        </PlanChangeForm>
      </Alert.Content>
    </Alert.Root>
  )
}
