import { queryOptions } from '@tanstack/react-query'
import { getData, send, toApiError } from '~/client/lib/http'
import type { SignInResponse } from '~/client/lib/session'
import type { InviteInfo, TeamData } from '~/shared/schemas/team'

// The team calls. Online only: nothing here is queued.

export const teamQuery = () =>
  queryOptions({
    queryKey: ['account-users'],
    queryFn: ({ signal }) => getData<TeamData>('account/users', { signal }),
  })

export const inviteInfoQuery = (inviteId: string, token: string) =>
  queryOptions({
    queryKey: ['invite', inviteId, token],
    // The page shows the server's reason (used, withdrawn, expired): keep its message.
    queryFn: ({ signal }) =>
      getData<InviteInfo>(`invite/${encodeURIComponent(inviteId)}?token=${encodeURIComponent(token)}`, { signal }).catch(
        async (error: unknown) => {
          throw (await toApiError(error)) ?? error
        },
      ),
    retry: false,
    meta: { showsError: true },
  })

/** POST /api/invite: the form's address list goes as the comma-separated `email` the API takes. */
export const sendInvites = (values: { email: string[]; permission: string }) =>
  send('post', 'invite', { email: values.email.join(','), permission: values.permission })

export const resendInvite = (id: string) => send('post', `invite/${encodeURIComponent(id)}/resend`)
export const revokeInvite = (id: string) => send('delete', `invite/${encodeURIComponent(id)}`)
export const changeRole = (id: string, permission: string) =>
  send('patch', `account/users/${encodeURIComponent(id)}`, { permission })
export const removeMember = (id: string) => send('delete', `user/${encodeURIComponent(id)}`)

/** POST /api/invite/accept while signed in as the invited person: answers like a sign-in. */
export async function acceptSignedIn(inviteId: string, token: string) {
  const res = await send<SignInResponse>('post', 'invite/accept', { invite_id: inviteId, token })
  return res.data!
}
