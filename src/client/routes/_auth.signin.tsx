import { createFileRoute } from '@tanstack/react-router'
import { SignInPage } from '~/client/features/auth/components/sign-in-page'
import { searchText } from '~/client/lib/search'

export const Route = createFileRoute('/_auth/signin')({
  validateSearch: (search: Record<string, unknown>): { error?: string } => ({ error: searchText(search, 'error') }),
  component: function SignIn() {
    const { error } = Route.useSearch()
    return <SignInPage error={error} />
  },
})
