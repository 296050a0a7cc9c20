import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { plansQuery } from '~/client/lib/plans'
import { useSession } from '~/client/lib/session'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { TestModeBadge } from './components/test-mode-badge'
import { useOnline } from '~/client/lib/use-online'
import * as Card from '~/client/ui/card'
import { preloadCardInput } from '~/client/ui/form'
import { Spinner } from '~/client/ui/spinner'
import * as Tabs from '~/client/ui/tabs'
import { hasFlag } from '~/shared/permissions'
import { invoicesQuery, subscriptionQuery } from './api/billing'
import { CardTab } from './components/card-tab'
import { InvoicesTab } from './components/invoices-tab'
import { LoadFailed } from './components/load-failed'
import { MemberBillingNotice } from './components/member-notice'
import { PlanTab } from './components/plan-tab'
import { StatusBanner } from './components/status-banner'

export type BillingTab = 'plan' | 'card' | 'invoices'

/**
 * /account/billing: for the owner, tabs Plan, Card, Invoices; Card only when the plan is
 * not free, Invoices whenever the account has invoices (on any plan); a banner when the
 * subscription is neither active nor trialing. Any other member (sent here while the account is
 * on hold) sees a read-only notice naming the owner, with `wayOut`. The page header names the
 * screen, so the card has no title of its own. Online only: offline it says so and
 * its forms cannot be sent.
 */
export function BillingPage({ tab, wayOut }: { tab?: BillingTab; wayOut?: ReactNode }) {
  const { t } = useLingui()
  useDocumentTitle(t`Billing`)
  const { user } = useSession()
  if (!hasFlag(user?.permission, 'owner')) return <MemberBilling wayOut={wayOut} />
  return <OwnerBilling initial={tab} />
}

function MemberBilling({ wayOut }: { wayOut?: ReactNode }) {
  const online = useOnline()
  const { user } = useSession()
  const plans = useQuery({ ...plansQuery(), enabled: online })
  return (
    <Card.Root className={css({ maxW: '3xl' })}>
      <Card.Body>
        <MemberBillingNotice owner={plans.data?.owner} status={user?.subscription} wayOut={wayOut} />
      </Card.Body>
    </Card.Root>
  )
}

function OwnerBilling({ initial = 'plan' }: { initial?: BillingTab }) {
  const { t } = useLingui()
  const online = useOnline()
  const { user } = useSession()
  const plans = useQuery({ ...plansQuery(), enabled: online })
  const subscription = useQuery({ ...subscriptionQuery(), enabled: online })
  const invoices = useQuery({ ...invoicesQuery(), enabled: online })
  const [tab, setTab] = useState<BillingTab>(initial)

  const active = plans.data?.plans.find((p) => p.id === plans.data.active)
  const paid = !!active && active.price > 0
  const billed = paid || (invoices.data?.length ?? 0) > 0
  // The session's status shows the banner even before the subscription read arrives (or offline).
  const status = subscription.data ? subscription.data.status : user?.subscription
  const shown = tab === 'card' ? (paid ? 'card' : 'plan') : tab === 'invoices' ? (billed ? 'invoices' : 'plan') : 'plan'
  // The Card tab's card field is fetched with the page, so it is there if the connection drops.
  const provider = plans.data?.provider
  useEffect(() => {
    if (paid && provider) preloadCardInput(provider)
  }, [paid, provider])

  return (
    <Card.Root className={css({ maxW: '3xl' })}>
      <Card.Body>
        <TestModeBadge provider={provider} />
        <StatusBanner status={status} onReplaceCard={paid ? () => setTab('card') : undefined} />
        {!plans.data ? (
          plans.isError || !online ? (
            <LoadFailed what={<Trans>Your billing details could not be loaded.</Trans>} />
          ) : (
            <Spinner size="md" label={t`Loading`} />
          )
        ) : (
          <Tabs.Root value={shown} onValueChange={(e) => setTab(e.value as BillingTab)}>
            <Tabs.List aria-label={t`Billing`}>
              <Tabs.Trigger value="plan">
                <Trans>Plan</Trans>
              </Tabs.Trigger>
              {paid && (
                <Tabs.Trigger value="card">
                  <Trans>Card</Trans>
                </Tabs.Trigger>
              )}
              {billed && (
                <Tabs.Trigger value="invoices">
                  <Trans>Invoices</Trans>
                </Tabs.Trigger>
              )}
            </Tabs.List>
            <Tabs.Content value="plan">
              <PlanTab plans={plans.data} subscription={subscription.data} onReplaceCard={() => setTab('card')} />
            </Tabs.Content>
            {paid && (
              <Tabs.Content value="card">
                <CardTab plans={plans.data} />
              </Tabs.Content>
            )}
            {billed && (
              <Tabs.Content value="invoices">
                <InvoicesTab />
              </Tabs.Content>
            )}
          </Tabs.Root>
        )}
      </Card.Body>
    </Card.Root>
  )
}
