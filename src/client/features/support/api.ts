import { queryOptions } from '@tanstack/react-query'
import { getData, send } from '~/client/lib/http'
import type { SignInResponse } from '~/client/lib/session'
import type { SupportUser } from '~/shared/schemas/two-factor'

// Support sessions: the master's list, the token, the exchange and Stop.

export const supportUsersQuery = (search: string) =>
  queryOptions({
    queryKey: ['support-users', search],
    queryFn: ({ signal }) => getData<SupportUser[]>(`support/users?search=${encodeURIComponent(search)}`, { signal }),
  })

/** POST /api/support/impersonate {user_id}: a single-use token, good for 5 minutes. */
export async function impersonationToken(userId: string) {
  const res = await send<{ token: string; url: string }>('post', 'support/impersonate', { user_id: userId })
  return res.data!
}

const exchanged = new Map<string, Promise<SignInResponse>>()
/** POST /api/auth/impersonate {token}: once per token per page load (StrictMode runs effects twice). */
export function exchangeImpersonationToken(token: string) {
  let pending = exchanged.get(token)
  if (!pending) {
    pending = send<SignInResponse>('post', 'auth/impersonate', { token }).then((res) => res.data!)
    exchanged.set(token, pending)
  }
  return pending
}

/** POST /api/auth/impersonate/stop: the master's own session again, or null. */
export async function stopImpersonation() {
  const res = await send<SignInResponse | null>('post', 'auth/impersonate/stop')
  return res.data ?? null
}
