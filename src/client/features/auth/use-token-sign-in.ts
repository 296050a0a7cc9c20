import { useEffect, useState } from 'react'
import { ApiRequestError, handleError } from '~/client/lib/http'
import { useCompleteSignIn, type SignInResponse } from '~/client/lib/session/completion'
import { pendingRedirect } from '~/client/lib/session/redirect'

// The page can mount again while the sign-in completes (the session changes under the layout);
// the answer is shared (one-time.ts), so a token's sign-in is completed once, not once per mount.
const completed = new Set<string>()

/**
 * Signs in with the one-time token a link carries (a magic link, the end of a social sign-in),
 * then goes back to where the reader was going (sign-in-page.tsx). Answers whether it failed: no
 * token, or the server refused it (an unexpected error is reported as well).
 */
export function useTokenSignIn(token: string | undefined, exchange: (token: string) => Promise<SignInResponse>) {
  const completeSignIn = useCompleteSignIn()
  const [failed, setFailed] = useState(!token)
  useEffect(() => {
    if (!token) return
    let live = true
    exchange(token).then(
      async (data) => {
        if (!live || completed.has(token)) return
        completed.add(token)
        await completeSignIn(data, pendingRedirect.take())
      },
      (error) => {
        if (!live) return
        if (!(error instanceof ApiRequestError)) void handleError(error)
        setFailed(true)
      },
    )
    return () => {
      live = false
    }
  }, [token])
  return failed
}
