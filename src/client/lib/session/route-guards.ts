import { redirect } from '@tanstack/react-router'
import { readUser } from '~/client/db'
import type { Flag } from '~/shared/permissions'
import { refreshSession } from './actions'
import { guardRedirect, nextPathAfterSignIn } from './guard'
import { returnPathFor } from './redirect'
import { tokenStore } from './token-store'

/** The stored user, or the server's when none is stored yet (e.g. a fresh tab after sign-in elsewhere). */
async function currentUser() {
  if (!tokenStore.get()) return null
  return (await readUser()) ?? (await refreshSession())
}

/**
 * beforeLoad guard for routes that need a session (and the permission flag the route requires). With
 * `href` (the page asked for, query included), a signed-out visit goes to
 * /signin?redirect=<href> so sign-in comes back to it (e.g. a share to /books/new?title=…).
 */
export async function requireSession(pathname: string, permission: Flag = 'user', href?: string) {
  const user = await currentUser()
  const token = tokenStore.get()
  const to = guardRedirect({ path: pathname, token, user, permission })
  // Signed in, the guard never answers /signin (a member without the role goes where they belong).
  if (to === '/signin') {
    const back = href === undefined ? undefined : returnPathFor(href)
    throw redirect({ to, search: back ? { redirect: back } : {}, replace: true })
  }
  if (to && to !== pathname) throw redirect({ to, replace: true })
  return { user: user! }
}

/**
 * beforeLoad for `/`: a signed-in user goes where a sign-in would take them. A token with no
 * stored user yet (the server-rendered sign-in stores only the token, lib/session/completion.tsx)
 * asks the server for the user first.
 */
export async function redirectIfSignedIn() {
  const user = await currentUser()
  if (user) throw redirect({ to: nextPathAfterSignIn(user), replace: true })
}
