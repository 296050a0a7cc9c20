import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSyncExternalStore } from 'react'
import { db } from '~/client/db'
import { signOut } from '~/client/lib/session'
import { querySyncStatus, syncNow } from '~/client/sync'
import { ConfirmDialog } from '~/client/ui/confirm-dialog'

// Signing out wipes this device's database, outbox included. A change made offline
// that has not reached the server yet would be lost without a word ("nothing is ever lost"), so a
// sign-out the reader asks for first tries to sync, and if changes are still waiting it asks.

/** How long a sign-out waits for a last sync before counting what is still waiting. */
const LAST_SYNC_MS = 4_000

type Ask = { pending: number; online: boolean }
let ask: Ask | null = null
const listeners = new Set<() => void>()
const setAsk = (next: Ask | null) => {
  ask = next
  for (const l of listeners) l()
}

/** Sign-out from the user menu, the rail or the mobile menu: confirms when changes would be lost. */
export async function requestSignOut() {
  if (navigator.onLine) {
    let bound: ReturnType<typeof setTimeout> | undefined
    await Promise.race([syncNow().catch(() => undefined), new Promise((r) => (bound = setTimeout(r, LAST_SYNC_MS)))])
    clearTimeout(bound)
  }
  const { pending, online } = await querySyncStatus(db, navigator.onLine)
  if (pending === 0) return void signOut()
  setAsk({ pending, online })
}

/** The confirmation, mounted once in each signed-in layout. Stay is focused first. */
export function SignOutGuard() {
  const { t } = useLingui()
  const current = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => ask,
  )
  const count = current?.pending ?? 0
  return (
    <ConfirmDialog
      open={current !== null}
      title={
        <Plural value={count} one="# change has not been saved to your account yet" other="# changes have not been saved to your account yet" />
      }
      description={
        current?.online ? (
          <Trans>The server could not be reached just now. Signing out deletes them from this device; stay signed in and they will sync when it answers.</Trans>
        ) : (
          <Trans>You are offline. Signing out deletes them from this device; stay signed in and they will sync when you are back online.</Trans>
        )
      }
      cancelLabel={t`Stay signed in`}
      confirmLabel={t`Sign out and delete them`}
      onClose={() => setAsk(null)}
      onConfirm={signOut}
    />
  )
}
