import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { SignInScreen } from '~/client/public/sign-in-screen'
import { socialProvidersQuery } from '~/client/features/auth/api'
import { searchText } from '~/client/lib/search'
import { safeRedirect } from '~/client/lib/session'

// ?redirect= is where the route guard found a signed-out reader going (a share to /books/new…):
// sign-in returns there. Anything but a path of this origin is dropped here (no open redirect).
export const Route = createFileRoute('/_auth/signin')({
  validateSearch: (search: Record<string, unknown>): { error?: string; redirect?: string } => ({
    error: searchText(search, 'error'),
    redirect: safeRedirect(searchText(search, 'redirect')),
  }),
  component: function SignIn() {
    const { error, redirect } = Route.useSearch()
    // The configured social providers (GET /api/auth/social): buttons below the forms.
    const providers = useQuery(socialProvidersQuery).data ?? []
    return <SignInScreen error={error} redirect={redirect} providers={providers} />
  },
})
