import { t } from '@lingui/core/macro'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { nextPathAfterVerify, refreshSession, useSession } from '~/client/lib/session'
import { toast } from '~/client/ui/toast'

/** How often a visible waiting tab asks the server (the link opened on another device). */
export const VERIFY_POLL_MS = 12_000

/**
 * Email verification, seen from the tab waiting on /signup/verify: it moves on by itself once
 * the address is verified anywhere. A tab of this browser that opens the link stores the new
 * session (token in localStorage, user in Dexie): the storage event and Dexie's live query bring
 * the verified user here at once. Another device: the session is refreshed from the server
 * (GET /api/auth) when this tab comes into view or gains focus, and every VERIFY_POLL_MS while it
 * is visible.
 */
export function useVerifiedElsewhere() {
  const { user } = useSession()
  const navigate = useNavigate()
  const moved = useRef(false)

  useEffect(() => {
    if (!user?.verified || moved.current) return
    moved.current = true
    toast({ variant: 'success', title: t`Your email address is verified` })
    void navigate({ to: nextPathAfterVerify(user), replace: true })
  }, [user, navigate])

  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') void refreshSession()
    }
    const timer = setInterval(check, VERIFY_POLL_MS)
    document.addEventListener('visibilitychange', check)
    window.addEventListener('focus', check)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', check)
      window.removeEventListener('focus', check)
    }
  }, [])
}
