import { createFileRoute } from '@tanstack/react-router'
import { ImpersonatePage } from '~/client/features/support/components/impersonate-page'
import { searchText } from '~/client/lib/search'

// /signin/impersonate?token=…: a master's support sign-in (decision 59).
export const Route = createFileRoute('/_auth/signin_/impersonate')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: searchText(search, 'token') }),
  component: function SignInImpersonate() {
    const { token } = Route.useSearch()
    return <ImpersonatePage token={token} />
  },
})
