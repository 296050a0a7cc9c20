import { send } from '~/client/lib/http'
import { navigateTo } from '~/client/lib/navigation'
import { signOut } from '~/client/lib/session'

/**
 * spec §4: closing the account clears local storage and goes to /signup; the server records the
 * closed_account event. Only owners close the whole account (DELETE /api/account); others leave
 * it (DELETE /api/user) — spec §6.
 */
export async function closeAccount(owner: boolean) {
  const res = await send('delete', owner ? 'account' : 'user')
  // The session is already revoked on the server: clear this device without calling it again.
  await signOut({ callServer: false })
  navigateTo('/signup')
  return res
}
