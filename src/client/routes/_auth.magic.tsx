import { createFileRoute } from '@tanstack/react-router'
import { MagicPage } from '~/client/features/auth/components/magic-page'
import { searchText } from '~/client/lib/search'

export const Route = createFileRoute('/_auth/magic')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: searchText(search, 'token') }),
  component: function Magic() {
    const { token } = Route.useSearch()
    return <MagicPage token={token} />
  },
})
