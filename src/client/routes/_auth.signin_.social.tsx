import { createFileRoute } from '@tanstack/react-router'
import { SocialPage } from '~/client/features/auth/components/social-page'
import { searchText } from '~/client/lib/search'

// /signin/social?provider=…&token=…: the end of a social sign-in.
export const Route = createFileRoute('/_auth/signin_/social')({
  validateSearch: (search: Record<string, unknown>): { provider?: string; token?: string; error?: string } => ({
    provider: searchText(search, 'provider'),
    token: searchText(search, 'token'),
    error: searchText(search, 'error'),
  }),
  component: function SignInSocial() {
    const { provider, token, error } = Route.useSearch()
    return <SocialPage provider={provider} token={token} error={error} />
  },
})
