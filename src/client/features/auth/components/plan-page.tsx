import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { saveUser } from '~/client/db'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import * as Alert from '~/client/ui/alert'
import * as Form from '~/client/ui/form'
import { Spinner } from '~/client/ui/spinner'
import { ChoosePlanInput } from '~/shared/schemas/auth'
import { plansQuery, type Plan } from '~/client/lib/plans'
import type { ChosenPlan } from '../api'
import { AuthHeading } from './auth-heading'

const styles = {
  features: css({ display: 'flex', flexWrap: 'wrap', gap: '1', mt: '2', listStyle: 'none', p: '0' }),
  feature: css({ fontSize: 'xs', px: '2', py: '0.5', borderRadius: 'md', bg: 'bg.muted', color: 'fg' }),
  price: css({ fontWeight: 'bold', fontSize: 'lg', whiteSpace: 'nowrap', color: 'fg' }),
  soon: css({
    fontSize: 'xs',
    fontWeight: 'semibold',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    bg: 'warning.subtle',
    color: 'warning',
    borderWidth: '1px',
    borderColor: 'warning.border',
    whiteSpace: 'nowrap',
  }),
  aside: css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '2' }),
  loading: css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted', py: '6' }),
}

function usePlanLabels() {
  const { t, i18n } = useLingui()
  return {
    /** spec §9: free is a special plan, so its name is ours to translate; the others are the server's. */
    name: (plan: Plan) => (plan.id === 'free' ? t`Free` : plan.name),
    price(plan: Plan) {
      const amount = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 2 }).format(plan.price)
      const price = `${plan.currency_symbol}${amount}`
      if (plan.interval === 'year') return t`${price}/year`
      if (plan.interval === 'month') return t`${price}/month`
      return price
    },
  }
}

/** /signup/plan: the free plan can be chosen here; paid plans need the billing screens, not built yet. */
export function PlanPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Choose a plan`)
  const navigate = useNavigate()
  const plans = useQuery(plansQuery())
  const labels = usePlanLabels()

  if (plans.isPending) {
    return (
      <div className={styles.loading} role="status">
        <Spinner size="md" />
        <Trans>Loading plans…</Trans>
      </div>
    )
  }
  const list = plans.data?.plans ?? []
  const options: Form.RadioOption[] = list.map((plan) => {
    const paid = plan.price > 0
    return {
      value: plan.id,
      label: labels.name(plan),
      disabled: paid,
      description: (
        <ul className={styles.features} aria-label={t`Features`}>
          {plan.features.map((f) => (
            <li key={f.name} className={styles.feature}>
              {f.name}
            </li>
          ))}
        </ul>
      ),
      aside: (
        <span className={styles.aside}>
          <span className={styles.price}>{labels.price(plan)}</span>
          {paid && (
            <span className={styles.soon}>
              <Trans>Coming soon</Trans>
            </span>
          )}
        </span>
      ),
    }
  })

  return (
    <>
      <AuthHeading
        title={<Trans>Choose a plan</Trans>}
        description={<Trans>Start free. Paid plans with more features are on their way.</Trans>}
      />
      {plans.isError ? (
        <Alert.Root status="error">
          <Alert.Icon />
          <Alert.Content>
            <Alert.Description>
              <Trans>The plans could not be loaded. Please reload the page.</Trans>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Form.Root
          schema={ChoosePlanInput}
          defaultValues={{ plan: list.find((p) => p.price === 0)?.id ?? '' }}
          url="account/plan"
          aria-label={t`Choose a plan`}
          onSuccess={async (res) => {
            const chosen = res.data as ChosenPlan
            await saveUser(chosen.user)
            await navigate({ to: chosen.onboarded ? '/dashboard' : '/welcome' })
          }}
        >
          <Form.Radio name="plan" label={t`Plans`} options={options} />
          <Form.Submit>
            <Trans>Continue</Trans>
          </Form.Submit>
        </Form.Root>
      )}
    </>
  )
}
