import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Outlet, useRouterState } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { useSession } from '~/client/lib/session'
import { SecondaryNav } from '~/client/ui/secondary-nav'
import { useBuiltRoutes } from '~/client/lib/built-routes'
import { usePlanLabels } from '~/client/lib/plan-labels'
import { isTopPlan, plansQuery, upgradeFor } from '~/client/lib/plans'
import { useOnline } from '~/client/lib/use-online'
import { hasFlag } from '~/shared/permissions'
import { ACCOUNT_NAV, SUPPORT_NAV } from './account-nav'
import { PageHeader } from './page-header'
import { PageTransition } from './page-transition'
import { Shell } from './shell'

const styles = {
  content: css({ maxW: '6xl', mx: 'auto' }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: '13rem minmax(0, 1fr)' },
    gap: { base: '5', lg: '10' },
    alignItems: 'start',
  }),
  aside: css({ position: { lg: 'sticky' }, top: { lg: '10' } }),
}

export interface AccountLayoutProps {
  /** One variant links the rail's account item to /account/profile. */
  variant?: 'hub' | 'profile'
}

/**
 * Account layout: the same rail and slide-out menu, a page title with breadcrumbs, and
 * the secondary account navigation (a dropdown on small screens, a vertical list on large).
 */
export function AccountLayout({ variant = 'hub' }: AccountLayoutProps) {
  const { t, i18n } = useLingui()
  const { user } = useSession()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const online = useOnline()
  const labels = usePlanLabels()
  // The support screen is listed for masters only (a person flag, not a role; decision 31).
  const nav = user?.master && !user.impersonating ? [...ACCOUNT_NAV, SUPPORT_NAV] : ACCOUNT_NAV
  const built = useBuiltRoutes(nav)
  // Plans are read only when an entry depends on what the plan unlocks.
  const plans = useQuery({ ...plansQuery(), enabled: online && !!user && built.some((e) => e.capability || e.hideOnTopPlan) })
  const top = !!plans.data && isTopPlan(plans.data.plans, plans.data.active)
  const entries = built.filter((e) => !(e.hideOnTopPlan && top)).map((e) => {
    const plan = upgradeFor(plans.data, e.capability)
    const upgrade = plan && hasFlag(user?.permission, 'owner') ? { to: '/account/upgrade', search: { plan: plan.id } } : undefined
    // A member sent to an owner's page (billing while the account is on hold, upgrade after a
    // 402) sees it named in the menu rather than an empty choice.
    const permission = e.to === pathname ? undefined : e.permission
    return { ...e, permission, label: i18n._(e.label), hint: plan ? labels.name(plan) : undefined, upgrade }
  })
  return (
    <Shell nav={{ accountTo: variant === 'profile' ? '/account/profile' : undefined }}>
      <div className={styles.content}>
        <PageHeader />
        <div className={styles.grid}>
          <aside className={styles.aside}>
            <SecondaryNav entries={entries} role={user?.permission} pathname={pathname} label={t`Account settings`} />
          </aside>
          <PageTransition>
            <Outlet />
          </PageTransition>
        </div>
      </div>
    </Shell>
  )
}
