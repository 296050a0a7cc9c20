import { configureErrorHandling } from './http'
import { errorToasts } from './error-toasts'
import { navigateTo } from './navigation'
import { signedOutNotice, signOut, tokenStore } from './session'

/** Installs the central error handler used by every online-only call. */
export function installErrorHandling() {
  configureErrorHandling({
    unauthorized(message) {
      // With a session, 401 means it ended (revoked or expired): sign out to /signin. Without
      // one (a failed sign-in), there is nothing to sign out of: show why.
      if (tokenStore.get()) void signOut({ callServer: false }).then(() => signedOutNotice(message))
      else signedOutNotice(message)
    },
    notFound() {
      navigateTo('/notfound')
    },
    paymentRequired(plan) {
      navigateTo('/account/upgrade', { plan })
    },
    ...errorToasts,
  })
}
