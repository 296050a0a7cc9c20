import { send } from '~/client/lib/http'
import type { SignInResponse } from '~/client/lib/session/completion'

// The auth feature's one-time-token calls, without the query cache: the
// server-rendered /magic (src/client/public) uses them too. One-time tokens are single use, so a
// token is sent at most once per page load even when React runs an effect twice.

const once = new Map<string, Promise<unknown>>()
function sendOnce<T = SignInResponse>(path: string, token: string) {
  const key = `${path}:${token}`
  let pending = once.get(key) as Promise<T> | undefined
  if (!pending) {
    pending = send<T>('post', path, { token }).then((res) => res.data as T)
    once.set(key, pending)
  }
  return pending
}

/** POST /api/user/verify {token}: answers a fresh session. */
export const verifyEmail = (token: string) => sendOnce('user/verify', token)

/** POST /api/auth/magic/verify {token}: answers a session (or a pending second factor). */
export const verifyMagicLink = (token: string) => sendOnce('auth/magic/verify', token)

/** POST /api/user/email/revert {token}: restores the address the link was mailed to; answers it. */
export const revertEmail = (token: string) => sendOnce<{ email: string }>('user/email/revert', token)

/** POST /api/auth {token}: the one-time token a social sign-in ends with (2FA may follow). */
export const exchangeSocialToken = (token: string) => sendOnce('auth', token)
