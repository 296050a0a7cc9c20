import { createFileRoute } from '@tanstack/react-router'
import { EmailRevertPage } from '~/client/features/auth/components/email-revert-page'
import { searchText } from '~/client/lib/search'

export const Route = createFileRoute('/_auth/email/revert')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: searchText(search, 'token') }),
  component: function EmailRevert() {
    const { token } = Route.useSearch()
    return <EmailRevertPage token={token} />
  },
})
