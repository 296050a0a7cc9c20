import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '~/client/features/auth/components/home-page'
import { redirectIfSignedIn } from '~/client/lib/session'
import { searchText } from '~/client/lib/search'

// `/` welcomes a newcomer and signs in; a signed-in user goes on to where a sign-in
// would take them.
export const Route = createFileRoute('/_auth/')({
  validateSearch: (search: Record<string, unknown>): { error?: string } => ({ error: searchText(search, 'error') }),
  beforeLoad: () => redirectIfSignedIn(),
  component: function Index() {
    const { error } = Route.useSearch()
    return <HomePage error={error} />
  },
})
