import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordPage } from '~/client/features/auth/components/reset-password-page'
import { searchText } from '~/client/lib/search'

export const Route = createFileRoute('/_auth/resetpassword')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: searchText(search, 'token') }),
  component: function ResetPassword() {
    const { token } = Route.useSearch()
    return <ResetPasswordPage token={token} />
  },
})
