import { send } from '~/client/lib/http'
import { navigateTo } from '~/client/lib/navigation'
import { signOut } from '~/client/lib/session'
import type { CloseAccountInput } from '~/shared/schemas/account'

/**
 * Closing the account clears local storage and goes to /signup; the server records the
 * closed_account event. Only owners close the whole account (DELETE /api/account); others leave
 * it (DELETE /api/user). `confirm` is the account name the owner typed (the server's
 * proof, CloseAccountInput; leaving asks for it only when it would delete the person).
 */
export async function closeAccount(owner: boolean, confirm: string) {
  const body: CloseAccountInput = { confirm }
  const res = await send('delete', owner ? 'account' : 'user', body)
  // The session is already revoked on the server: clear this device without calling it again.
  await signOut({ callServer: false })
  navigateTo('/signup')
  return res
}
