import { createFileRoute } from '@tanstack/react-router'
import { AcceptInvitePage } from '~/client/features/team/components/accept-invite-page'
import { searchText } from '~/client/lib/search'

// /signup/user: accept an invite; the mailed link carries invite_id and token.
export const Route = createFileRoute('/_auth/signup/user')({
  validateSearch: (search: Record<string, unknown>): { invite_id?: string; token?: string } => ({
    invite_id: searchText(search, 'invite_id'),
    token: searchText(search, 'token'),
  }),
  component: function SignUpUser() {
    const { invite_id, token } = Route.useSearch()
    return <AcceptInvitePage inviteId={invite_id} token={token} />
  },
})
