import { redirect } from '@tanstack/react-router'
import { readUser } from '~/client/db'
import type { Flag } from '~/shared/permissions'
import { refreshSession } from './actions'
import { guardRedirect, nextPathAfterSignIn } from './guard'
import { tokenStore } from './token-store'

/** The stored user, or the server's when none is stored yet (e.g. a fresh tab after sign-in elsewhere). */
async function currentUser() {
  if (!tokenStore.get()) return null
  return (await readUser()) ?? (await refreshSession())
}

/** beforeLoad guard for routes that need a session (spec §4 route guard, §6 permissions). */
export async function requireSession(pathname: string, permission: Flag = 'user') {
  const user = await currentUser()
  const to = guardRedirect({ path: pathname, token: tokenStore.get(), user, permission })
  if (to && to !== pathname) throw redirect({ to, replace: true })
  return { user: user! }
}

/** beforeLoad for `/`: a signed-in user goes where a sign-in would take them. */
export async function redirectIfSignedIn() {
  const user = tokenStore.get() ? await readUser() : null
  if (user) throw redirect({ to: nextPathAfterSignIn(user), replace: true })
}
