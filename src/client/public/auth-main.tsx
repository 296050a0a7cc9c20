import { i18n } from '@lingui/core'
import { hydrateRoot } from 'react-dom/client'
import { signedOutNotice, errorToasts } from '~/client/lib/error-toasts'
import { configureErrorHandling } from '~/client/lib/http'
import { sessionToken, storedLocale } from '~/client/lib/session-token'
import { AUTH_DATA_ID, type AuthPayload } from '~/shared/public-ssr'
import { AuthApp } from './auth-app'
import { followSystemTheme } from './theme'
import { mountToaster } from './toaster-root'

// The light client entry of the server-rendered signed-out screens /, /signin, /signup,
// /forgotpassword and /magic (decision 53): built with react aliased to preact/compat
// (public/vite.config.ts), it hydrates the server's HTML from the data embedded in it; no router,
// query cache, Dexie or sync engine. A sign-in stores the session and loads the app
// (lib/session/completion.tsx); the passkey library and the service worker load later.

const payload = JSON.parse(document.getElementById(AUTH_DATA_ID)!.textContent!) as AuthPayload

// `/` for a reader who is signed in on this device goes on to the app, as the app's `/` does
// (redirectIfSignedIn); the server already answered the app itself when the account cookie said so.
if (payload.screen === 'home' && sessionToken.get()) window.location.replace('/dashboard')
else if (!inStoredLocale()) window.location.reload()
else start()

/**
 * The language is the one chosen on this device. A choice stored before the server could
 * read it (localStorage only, no cookie yet) is given to the server once, and the page reloaded
 * in it; a device that keeps no cookie stays in the server's language.
 */
function inStoredLocale() {
  const chosen = storedLocale.get()
  if ((chosen !== 'en' && chosen !== 'es') || chosen === payload.locale) return true
  const tried = `tbr-locale-reload:${chosen}`
  if (sessionStorage.getItem(tried)) return true
  sessionStorage.setItem(tried, '1')
  storedLocale.set(chosen)
  return false
}

function start() {
  i18n.loadAndActivate({ locale: payload.locale, messages: payload.messages as never })
  // What a failed call tells the reader; a 404 or 402 cannot happen on these screens.
  configureErrorHandling({
    unauthorized: signedOutNotice,
    notFound: () => window.location.assign('/notfound'),
    paymentRequired: () => undefined,
    ...errorToasts,
  })
  // Signed out: the system's mode; the server drew the one last in force here.
  followSystemTheme()
  hydrateRoot(document.getElementById('root')!, <AuthApp i18n={i18n} payload={payload} onLocale={changeLocale} />)
  // The toasts (?error=, a failed request) live in a root of their own: the server draws none.
  mountToaster()
  // The service worker keeps the app shell for offline use; it registers on idle
  // after load (decision 43), in a chunk of its own.
  void import('./register-sw').then((m) => m.register())
}

/** The server renders in the chosen language (the cookie storedLocale writes): reload in it. */
function changeLocale(locale: 'en' | 'es') {
  if (locale === payload.locale) return
  storedLocale.set(locale)
  window.location.reload()
}
