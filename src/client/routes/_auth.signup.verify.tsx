import { createFileRoute } from '@tanstack/react-router'
import { VerifyPage } from '~/client/features/auth/components/verify-page'
import { searchText } from '~/client/lib/search'
import { requireSession } from '~/client/lib/session'

// /signup/verify (user). A mailed link carries its own proof, so with ?token the page
// opens without a session (the link may be opened in another browser).
export const Route = createFileRoute('/_auth/signup/verify')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: searchText(search, 'token') }),
  beforeLoad: async ({ location, search }) => {
    if (!search.token) await requireSession(location.pathname, 'user')
  },
  component: function Verify() {
    const { token } = Route.useSearch()
    return <VerifyPage token={token} />
  },
})
