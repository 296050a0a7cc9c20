import { configureErrorHandling } from './http'
import { errorToasts } from './error-toasts'
import { navigateTo } from './navigation'
import { sessionRefused, signedOutNotice, tokenStore } from './session'

/** Installs the central error handler used by every online-only call. */
export function installErrorHandling() {
  configureErrorHandling({
    unauthorized(message, sentToken) {
      // A call made with a session and refused: that session ended (revoked or expired), so sign
      // out to /signin, unless it was replaced meanwhile (an account switch, joining an account),
      // which is no reason to leave. A call made without one (a failed sign-in): show why.
      if (sentToken) void sessionRefused(sentToken).then((ended) => ended && signedOutNotice(message))
      else if (!tokenStore.get()) signedOutNotice(message)
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
