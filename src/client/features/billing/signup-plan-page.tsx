import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { saveUser } from '~/client/db'
import { AuthHeading } from '~/client/ui/auth-heading'
import { paymentConfig, plansQuery } from '~/client/lib/plans'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { TestModeBadge } from './components/test-mode-badge'
import { Spinner } from '~/client/ui/spinner'
import { afterBillingChange } from './api/billing'
import { LoadFailed } from './components/load-failed'
import { PlanPaymentForm } from './components/plan-payment-form'

const loading = css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted', py: '6' })

/**
 * /signup/plan (owner): choose a plan; a paid plan takes a card (POST /api/account/plan
 * {plan, token}). Then /dashboard if onboarded, else /welcome.
 */
export function SignupPlanPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Choose a plan`)
  const navigate = useNavigate()
  const plans = useQuery(plansQuery())

  return (
    <>
      <AuthHeading
        title={<Trans>Choose a plan</Trans>}
        description={<Trans>Start free, or pick a paid plan for more. You can change it at any time.</Trans>}
      />
      <TestModeBadge provider={plans.data?.provider} />
      {plans.isPending ? (
        <div className={loading} role="status">
          <Spinner size="md" />
          <Trans>Loading plans…</Trans>
        </div>
      ) : plans.isError ? (
        <LoadFailed what={<Trans>The plans could not be loaded.</Trans>} />
      ) : (
        <PlanPaymentForm
          plans={plans.data.plans}
          payment={paymentConfig(plans.data)}
          url="account/plan"
          defaultPlan={plans.data.plans.find((p) => p.price === 0)?.id ?? ''}
          label={t`Choose a plan`}
          submitLabel={<Trans>Continue</Trans>}
          onSuccess={async (chosen) => {
            await saveUser(chosen.user)
            void afterBillingChange()
            await navigate({ to: chosen.onboarded ? '/dashboard' : '/welcome' })
          }}
        />
      )}
    </>
  )
}
