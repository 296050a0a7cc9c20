import { readUser, saveUser, wipeLocalData } from '~/client/db'
import { activateLocale } from '~/client/i18n'
import type { SessionUser, SignInData } from '~/shared/schemas/user'
import { getData, send } from '../http'
import { navigateTo } from '../navigation'
import { queryClient } from '../query-client'
import { storedLocale } from '../session-token'
import { signInDestination, type SignInResponse } from './completion'
import { recordEvent } from './events'
import { tokenStore } from './token-store'

export type { SignInResponse }
export { recordEvent }

/** Stores a fresh session (token + user) and switches to the user's language. */
export async function storeSession(data: SignInData) {
  tokenStore.set(data.token)
  await saveUser(data)
  storedLocale.set(data.locale)
  await activateLocale(data.locale)
}

let handover: Promise<unknown> | null = null

/**
 * Runs a call that replaces this device's session with a new one (switching accounts, joining an
 * account while signed in). The server ends the old session before it answers, so until the new
 * token is stored a read or sync run still carrying the old one can be answered 401: that is the
 * handover, not the session ending, and sessionRefused waits for it.
 */
export async function replacingSession<T>(call: () => Promise<T>): Promise<T> {
  const running = call()
  const settled = running.then(
    () => undefined,
    () => undefined,
  )
  handover = settled
  try {
    return await running
  } finally {
    if (handover === settled) handover = null
  }
}

/**
 * The server answered 401 to a call made with `token`. It signs out only when that token is still
 * this device's session once any handover is over: a token replaced meanwhile (a switch, a join,
 * a sign-in in another tab) ended by design, and the new session stands. Answers whether it
 * signed out.
 */
export async function sessionRefused(token: string | null): Promise<boolean> {
  while (handover) await handover
  if (!token || tokenStore.get() !== token) return false
  await signOut({ callServer: false })
  return true
}

/**
 * After sign-in, record the signin event and route on (verify → plan → dashboard or
 * welcome). A pending second factor goes to the code page with its token instead. `next` (a
 * same-origin path, see redirect.ts) replaces the dashboard or welcome, not a required step.
 */
export async function completeSignIn(data: SignInResponse, next?: string) {
  const { to, search } = signInDestination(data, next)
  if (!data['2fa_required']) {
    await storeSession(data as SignInData)
    void recordEvent('signin')
  }
  navigateTo(to, search)
}

let signingOut: Promise<void> | null = null
const signOutCleanups: (() => Promise<void> | void)[] = []
const beforeEnd: (() => Promise<void>)[] = []

/** Registers extra clean-up for sign-out (e.g. the service worker's private caches). */
export function onSignOut(cleanup: () => Promise<void> | void) {
  signOutCleanups.push(cleanup)
}

/** Registers work still using the session that sign-out lets finish before ending it (the sync run). */
export function beforeSessionEnds(settle: () => Promise<void>) {
  beforeEnd.push(settle)
}

/** A bound on that wait: a request hanging on a bad network must not hold the reader here. */
const SETTLE_MS = 5_000

/**
 * DELETE the session on the server, clear local storage and Dexie, go to /signin
 * (`stay`: remain on the page, e.g. a page that tells the reader they were signed out).
 *
 * Private traffic stops before the session ends: the token leaves
 * this device first, so lib/http sends no private call and the sync engine starts no run; reads
 * in flight are cancelled and the sync run in flight is let finish. So nothing reaches the server
 * with a revoked token (a 401) or without one.
 */
export function signOut({ callServer = true, stay = false }: { callServer?: boolean; stay?: boolean } = {}) {
  signingOut ??= (async () => {
    try {
      const token = tokenStore.get()
      tokenStore.clear()
      await queryClient.cancelQueries()
      let bound: ReturnType<typeof setTimeout> | undefined
      await Promise.race([
        Promise.all(beforeEnd.map((settle) => settle().catch(() => undefined))),
        new Promise((resolve) => (bound = setTimeout(resolve, SETTLE_MS))),
      ])
      clearTimeout(bound)
      if (callServer && token)
        await send('delete', 'auth', undefined, { headers: { Authorization: `Bearer ${token}` } }).catch(
          () => undefined,
        )
      await wipeLocalData()
      await Promise.all(signOutCleanups.map((fn) => Promise.resolve(fn()).catch(() => undefined)))
      if (!stay) navigateTo('/signin')
      // Last, so the page being left has no query to rebuild; one that still does asks without a
      // token, and lib/http does not send it.
      queryClient.clear()
    } finally {
      signingOut = null
    }
  })()
  return signingOut
}

type AuthAnswer = { authenticated: boolean; token?: string } & Partial<SessionUser>

let refreshing: Promise<SessionUser | null> | null = null

/**
 * The session is refreshed from the server on load; unauthenticated signs out. Offline
 * the local record stands (the app works offline).
 */
export function refreshSession(): Promise<SessionUser | null> {
  refreshing ??= (async () => {
    const sent = tokenStore.get()
    if (!sent) return null
    let answer: AuthAnswer
    try {
      answer = await getData<AuthAnswer>('auth')
    } catch {
      return (await readUser()) ?? null
    }
    // A sign-in or sign-out happened meanwhile: that one wins.
    if (tokenStore.get() !== sent) return (await readUser()) ?? null
    if (!answer.authenticated) {
      await sessionRefused(sent)
      return (await readUser()) ?? null
    }
    const { authenticated: _a, token, ...user } = answer
    if (token) tokenStore.set(token)
    await saveUser(user as SessionUser)
    return user as SessionUser
  })().finally(() => {
    refreshing = null
  })
  return refreshing
}

/**
 * A language choice sets the request language and the interface at once. The saved
 * user locale is changed by the caller (layouts/preferences.ts) through the sync outbox.
 */
export async function applyLocale(locale: 'en' | 'es') {
  storedLocale.set(locale)
  await activateLocale(locale)
}

export { signedOutNotice } from '../error-toasts'
