import { readUser } from '~/client/db'
import { handleError, send } from '~/client/lib/http'
import { queryClient } from '~/client/lib/query-client'
import { applyLocale, completeSignIn, replacingSession, tokenStore, type SignInResponse } from '~/client/lib/session'
import { patchUser, syncNow } from '~/client/sync'

// Dark mode and language work offline and sync later, so the saved choice goes
// through the sync outbox (a `user.patch` mutation the engine sends as PATCH /api/user).

/** Sets the request language and the interface, and the signed-in user's locale. */
export async function changeLocale(locale: 'en' | 'es') {
  await applyLocale(locale)
  if (tokenStore.get() && (await readUser())) await patchUser({ locale })
}

/** The dark mode toggle is saved on the server; the container gains or loses `dark`. */
export function changeDarkMode(dark: boolean) {
  return patchUser({ dark_mode: dark })
}

/** How long a switch waits for a last push of this account's changes before moving on. */
const LAST_SYNC_MS = 4_000

/**
 * POST /api/auth/switch {account}: the answer is treated like a sign-in — the new token
 * and user are stored and the post-sign-in rules pick the page. Cached online reads
 * belong to the old account, so they are dropped.
 *
 * Local data follows the account. Every book row and outbox entry in Dexie
 * carries its account id; screens read only the signed-in account's rows and the engine pushes
 * only that account's entries (sync/queries.ts, sync/push.ts). So the switch first tries to push
 * this account's waiting changes; whatever cannot go now (offline) stays in the outbox under its
 * account and goes out when the reader switches back, never into the other account.
 */
export async function switchAccount(account: string) {
  try {
    if (navigator.onLine) {
      let bound: ReturnType<typeof setTimeout> | undefined
      await Promise.race([syncNow().catch(() => undefined), new Promise((r) => (bound = setTimeout(r, LAST_SYNC_MS)))])
      clearTimeout(bound)
    }
    await replacingSession(async () => {
      const res = await send<SignInResponse>('post', 'auth/switch', { account })
      queryClient.clear()
      await completeSignIn(res.data!)
    })
  } catch (error) {
    await handleError(error)
  }
}
