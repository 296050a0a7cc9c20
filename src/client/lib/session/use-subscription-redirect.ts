import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useSession } from './context'
import { guardRedirect } from './guard'

/**
 * A non-master user whose subscription is neither active nor trialing goes to
 * /account/billing (with its exceptions). The route guard checks it on each navigation; this
 * checks it again when the session's status changes under an open page — the refresh on load,
 * or a renewal that failed — so the redirect holds without waiting for the next navigation, and
 * lifts as soon as a new card settles the subscription.
 */
export function useSubscriptionRedirect() {
  const { user, token } = useSession()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const navigate = useNavigate()
  useEffect(() => {
    if (!user || !token) return
    if (guardRedirect({ path: pathname, token, user, permission: 'user' }) === '/account/billing') {
      void navigate({ to: '/account/billing', replace: true })
    }
  }, [user, token, pathname, navigate])
}
