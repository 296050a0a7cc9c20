import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UpgradePage } from '~/client/features/billing/upgrade-page'
import { requireSession } from '~/client/lib/session'
import { searchText } from '~/client/lib/search'
import { accountPage } from '~/client/layouts/page-meta'

// /account/upgrade (owner): `plan` preselects a plan (the 402 handler names it).
export const Route = createFileRoute('/_account/account/upgrade')({
  validateSearch: (search: Record<string, unknown>): { plan?: string } => ({ plan: searchText(search, 'plan') }),
  beforeLoad: ({ location }) => requireSession(location.pathname, 'user'),
  staticData: accountPage(msg`Upgrade`, '/account/upgrade'),
  component: function Upgrade() {
    const { plan } = Route.useSearch()
    return <UpgradePage plan={plan} />
  },
})
