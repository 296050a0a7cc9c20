import { createContext, useContext } from 'react'
import type { SignInData } from '~/shared/schemas/user'
import { carryToasts } from '../toasts'
import { sessionToken, storedAccountId, storedLocale } from '../session-token'
import { recordEvent } from './events'
import { nextPathAfterSignIn } from './guard'
import { safeRedirect } from './redirect'

// Completing a sign-in from the signed-out screens (/, /signin, /signup, /magic, the passkey
// button). The SPA's auth layout provides its own (actions.ts completeSignIn: the user in Dexie,
// in-app navigation); the server-rendered screens have no Dexie and no router,
// so by default the session is stored the way the app reads it and the page is left by a full
// navigation: the app, starting with a token and no stored user, loads the user itself
// (route-guards.ts currentUser → refreshSession).

export type SignInResponse = Partial<SignInData> & { token: string; '2fa_required'?: boolean }

/** Where a sign-in goes: the code page, or verify → plan → `next` or dashboard/welcome. */
export function signInDestination(data: SignInResponse, next?: string): { to: string; search?: Record<string, string> } {
  const back = safeRedirect(next)
  if (data['2fa_required']) {
    // The destination travels with the code page, which completes the sign-in.
    return { to: '/signin/otp', search: back ? { token: data.token, redirect: back } : { token: data.token } }
  }
  const step = nextPathAfterSignIn(data as SignInData)
  return { to: back && (step === '/dashboard' || step === '/welcome') ? back : step }
}

export type CompleteSignIn = (data: SignInResponse, next?: string) => Promise<void>

/** The light pages' sign-in: the token, language and account id stored, then the app loaded. */
export const completeSignInByLoad: CompleteSignIn = async (data, next) => {
  const { to, search } = signInDestination(data, next)
  if (!data['2fa_required']) {
    const user = data as SignInData
    sessionToken.set(user.token)
    storedLocale.set(user.locale)
    storedAccountId.set(user.account_id)
    await recordEvent('signin')
  }
  // The form's success message ("Your account has been created") is shown by the app.
  carryToasts()
  window.location.assign(search ? `${to}?${new URLSearchParams(search)}` : to)
}

const SignInCompletion = createContext<CompleteSignIn>(completeSignInByLoad)

export const SignInCompletionProvider = SignInCompletion.Provider

export const useCompleteSignIn = () => useContext(SignInCompletion)
