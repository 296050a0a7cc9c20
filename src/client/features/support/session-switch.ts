import { storeSession, signOut, type SignInResponse } from '~/client/lib/session'
import { navigateTo } from '~/client/lib/navigation'
import { queryClient } from '~/client/lib/query-client'
import type { SignInData } from '~/shared/schemas/user'
import { stopImpersonation } from './api'

// Moving this device between the master's session and a support session. The
// stored user changes owner, which wipes the other person's local books (db saveUser); cached
// online-only answers go too, so neither person's data shows in the other's screens.

export async function enterSupportSession(data: SignInResponse) {
  queryClient.clear()
  await storeSession(data as SignInData)
  navigateTo('/dashboard')
}

/** Stop: back to the master's own session when it is still live, else to sign-in. */
export async function leaveSupportSession() {
  const own = await stopImpersonation()
  if (!own) {
    await signOut({ callServer: false })
    return
  }
  queryClient.clear()
  await storeSession(own as SignInData)
  navigateTo('/account/support')
}
