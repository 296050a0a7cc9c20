import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { BillingPage, type BillingTab } from '~/client/features/billing/billing-page'
import { AccountWayOut } from '~/client/layouts/account-way-out'
import { requireSession } from '~/client/lib/session'
import { accountPage } from '~/client/layouts/page-meta'

const TABS: readonly BillingTab[] = ['plan', 'card', 'invoices']

// /account/billing: the owner's tabs Plan, Card, Invoices (`?tab=` opens one); any other
// member is sent here while the account is on hold and sees a read-only notice with a way out.
export const Route = createFileRoute('/_account/account/billing')({
  validateSearch: (search: Record<string, unknown>): { tab?: BillingTab } => ({
    tab: TABS.find((t) => t === search.tab),
  }),
  beforeLoad: ({ location }) => requireSession(location.pathname, 'user'),
  staticData: accountPage(msg`Billing`, '/account/billing'),
  component: function Billing() {
    const { tab } = Route.useSearch()
    return <BillingPage tab={tab} wayOut={<AccountWayOut />} />
  },
})
