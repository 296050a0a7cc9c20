import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { usePlanLabels } from '~/client/lib/plan-labels'
import { plansQuery, type Plan } from '~/client/lib/plans'
import { useSession } from '~/client/lib/session'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { TestModeBadge } from './components/test-mode-badge'
import { useOnline } from '~/client/lib/use-online'
import { buttonRecipe } from '~/client/ui/button'
import * as PageHeader from '~/client/ui/page-header'
import { panelRecipe } from '~/client/ui/panel'
import { Spinner } from '~/client/ui/spinner'
import { headingRecipe, textRecipe } from '~/client/ui/text'
import { hasFlag } from '~/shared/permissions'
import { subscriptionQuery } from './api/billing'
import { LoadFailed } from './components/load-failed'
import { ScheduledChange, scheduledPlan } from './components/scheduled-change'
import { CurrentPlanMarker, PlanFeatures } from './components/plan-parts'

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '6' }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
    gap: '4',
    listStyle: 'none',
    p: '0',
    m: '0',
  }),
  card: css({
    h: 'full',
    '&[data-current]': { borderColor: 'accent', borderWidth: '2px' },
  }),
  head: css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '2' }),
  name: headingRecipe({ size: 'lg' }),
  price: css({ fontSize: '2xl', fontWeight: 'bold' }),
  action: css({ mt: 'auto', pt: '2' }),
  note: textRecipe({ tone: 'muted', size: 'sm' }),
}

function PlanAction({ plan, current, periodEnd }: { plan: Plan; current: Plan | undefined; periodEnd?: string }) {
  const labels = usePlanLabels()
  const name = labels.name(plan)
  // With a change already scheduled, a move to free also happens at the period's end: say when.
  if (plan.price === 0 && periodEnd) {
    const date = labels.date(periodEnd)
    return (
      <Link to="/account/billing" className={buttonRecipe({ variant: 'outline', fullWidth: true })}>
        <Trans>Switch to {name} on {date}</Trans>
      </Link>
    )
  }
  const button = buttonRecipe({ variant: plan.price > 0 ? 'solid' : 'outline', fullWidth: true })
  // From free a paid plan needs a card (/account/upgrade); between plans, billing changes it.
  if (plan.price > 0 && (!current || current.price === 0)) {
    return (
      <Link to="/account/upgrade" search={{ plan: plan.id }} className={button}>
        <Trans>Upgrade to {name}</Trans>
      </Link>
    )
  }
  return (
    <Link to="/account/billing" className={button}>
      <Trans>Switch to {name}</Trans>
    </Link>
  )
}

/** /plans (user): plan cards with name, price, features and a Current plan marker. */
export function PlansPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Plans`)
  const online = useOnline()
  const { user } = useSession()
  const labels = usePlanLabels()
  const plans = useQuery({ ...plansQuery(), enabled: online })
  const owner = hasFlag(user?.permission, 'owner')
  const current = plans.data?.plans.find((p) => p.id === plans.data.active)
  // A change waiting for the period's end is shown with its date, and can be taken back here.
  const subscription = useQuery({ ...subscriptionQuery(), enabled: online && owner && !!current && current.price > 0 })
  const next = plans.data && owner ? scheduledPlan(plans.data, subscription.data) : undefined
  const periodEnd = subscription.data?.object?.current_period_end

  return (
    <div className={styles.page}>
      <PageHeader.Root>
        <PageHeader.Title>
          <Trans>Plans</Trans>
        </PageHeader.Title>
        <TestModeBadge provider={plans.data?.provider} />
        <PageHeader.Lead>
          {owner ? (
            <Trans>Every plan keeps your list, your custom URL, offline sync and charts.</Trans>
          ) : (
            <Trans>Only the account owner can change the plan.</Trans>
          )}
        </PageHeader.Lead>
      </PageHeader.Root>
      {!online && plans.data && <LoadFailed what={null} />}
      {next && current && periodEnd && <ScheduledChange current={current} next={next} date={periodEnd} />}
      {!plans.data ? (
        plans.isError || !online ? (
          <LoadFailed what={<Trans>The plans could not be loaded.</Trans>} />
        ) : (
          <Spinner size="md" label={t`Loading`} />
        )
      ) : (
        <ul className={styles.grid} aria-label={t`Plans`}>
          {plans.data.plans.map((plan) => {
            const isCurrent = plan.id === plans.data.active
            return (
              <li
                key={plan.id}
                className={cx(panelRecipe({ padding: 'lg', raised: true }), styles.card)}
                data-current={isCurrent ? '' : undefined}
                aria-current={isCurrent || undefined}
              >
                <div className={styles.head}>
                  <h2 className={styles.name}>{labels.name(plan)}</h2>
                  {isCurrent && <CurrentPlanMarker />}
                </div>
                <p className={styles.price}>{labels.price(plan)}</p>
                <PlanFeatures plan={plan} />
                {owner && !isCurrent && (
                  <div className={styles.action}>
                    {next?.id === plan.id && periodEnd ? (
                      <p className={styles.note} data-testid="scheduled-plan-note">
                        <Trans>Starts on {labels.date(periodEnd)}</Trans>
                      </p>
                    ) : (
                      <PlanAction plan={plan} current={current} periodEnd={next ? periodEnd : undefined} />
                    )}
                  </div>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
