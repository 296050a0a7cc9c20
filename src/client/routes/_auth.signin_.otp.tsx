import { createFileRoute } from '@tanstack/react-router'
import { OtpPage } from '~/client/features/two-factor/components/otp-page'
import { searchText } from '~/client/lib/search'
import { safeRedirect } from '~/client/lib/session'

// /signin/otp?token=…: the second factor of a sign-in (decision 30).
export const Route = createFileRoute('/_auth/signin_/otp')({
  validateSearch: (search: Record<string, unknown>): { token?: string; redirect?: string } => ({
    token: searchText(search, 'token'),
    redirect: safeRedirect(searchText(search, 'redirect')),
  }),
  component: function SignInOtp() {
    const { token, redirect } = Route.useSearch()
    return <OtpPage token={token} redirect={redirect} />
  },
})
