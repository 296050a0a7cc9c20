import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { usePlanLabels } from '~/client/lib/plan-labels'
import { paidPlans, paymentConfig, plansQuery } from '~/client/lib/plans'
import { useSession } from '~/client/lib/session'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { TestModeBadge } from './components/test-mode-badge'
import { useOnline } from '~/client/lib/use-online'
import * as Alert from '~/client/ui/alert'
import * as Card from '~/client/ui/card'
import { Spinner } from '~/client/ui/spinner'
import { toast } from '~/client/ui/toast'
import { afterBillingChange } from './api/billing'
import { hasFlag } from '~/shared/permissions'
import { LoadFailed } from './components/load-failed'
import { MemberUpgradeNotice } from './components/member-notice'
import { PlanPaymentForm } from './components/plan-payment-form'

/** After an upgrade the app goes to /dashboard after 2.5 s. */
export const UPGRADE_REDIRECT_MS = 2500

/**
 * /account/upgrade (owner; other members see who can upgrade): choose a paid plan (free excluded) and enter a card; `plan`
 * in the query preselects one (the 402 handler names the plan that unlocks what was asked).
 * After an upgrade the plan is updated and the app goes to /dashboard after 2.5 s.
 */
export function UpgradePage({ plan: asked }: { plan?: string }) {
  const { t } = useLingui()
  useDocumentTitle(t`Upgrade`)
  const navigate = useNavigate()
  const online = useOnline()
  const { user } = useSession()
  const labels = usePlanLabels()
  const plans = useQuery({ ...plansQuery(), enabled: online })
  const [upgraded, setUpgraded] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const paid = plans.data ? paidPlans(plans.data.plans) : []
  const preselected = paid.find((p) => p.id === asked) ?? paid.find((p) => p.id !== user?.plan) ?? paid[0]

  // Any other member (a 402 sends them here): which plan is needed, and that the owner can upgrade.
  if (!hasFlag(user?.permission, 'owner')) {
    return (
      <Card.Root className={css({ maxW: '2xl' })}>
        <Card.Body>
          <MemberUpgradeNotice owner={plans.data?.owner} plan={paid.find((p) => p.id === asked)} />
        </Card.Body>
      </Card.Root>
    )
  }

  return (
    <Card.Root className={css({ maxW: '2xl' })}>
      <Card.Header>
        <Card.Title>
          <Trans>Upgrade your plan</Trans>
        </Card.Title>
        <Card.Description>
          <Trans>Choose a paid plan and enter your card. You can change or cancel it at any time from Billing.</Trans>
        </Card.Description>
        <TestModeBadge provider={plans.data?.provider} />
      </Card.Header>
      <Card.Body>
        {upgraded && (
          <Alert.Root status="success">
            <Alert.Icon />
            <Alert.Content>
              <Alert.Description>
                <Trans>Your plan is now {upgraded}. Taking you to your dashboard…</Trans>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {upgraded ? null : plans.data ? (
          <PlanPaymentForm
            plans={paid}
            payment={paymentConfig(plans.data)}
            url="account/upgrade"
            defaultPlan={preselected?.id ?? ''}
            current={user?.plan}
            label={t`Upgrade your plan`}
            submitLabel={<Trans>Upgrade</Trans>}
            onSuccess={async (change, res) => {
              const plan = plans.data.plans.find((p) => p.id === change.plan)
              const name = plan ? labels.name(plan) : change.plan
              // The form kit shows the server's message; without one, say it here.
              if (!res.message) toast({ variant: 'success', title: t`Your plan is now ${name}` })
              setUpgraded(name)
              timer.current = setTimeout(() => void navigate({ to: '/dashboard' }), UPGRADE_REDIRECT_MS)
              // The session's plan and subscription status are fetched meanwhile (the dashboard
              // shows the plan; the subscription redirect reads the status).
              await afterBillingChange()
            }}
          />
        ) : plans.isError || !online ? (
          <LoadFailed what={<Trans>The plans could not be loaded.</Trans>} />
        ) : (
          <Spinner size="md" label={t`Loading`} />
        )}
      </Card.Body>
    </Card.Root>
  )
}
