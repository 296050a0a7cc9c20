import { createFileRoute } from '@tanstack/react-router'
import { AccountLayout } from '~/client/layouts/account-layout'
import { requireSession } from '~/client/lib/session'

// The account area: user permission; pages that need more check it themselves.
export const Route = createFileRoute('/_account')({
  beforeLoad: ({ location }) => requireSession(location.pathname, 'user', location.href),
  component: () => <AccountLayout />,
})
