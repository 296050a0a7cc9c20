import { t } from '@lingui/core/macro'
import { toast } from '~/client/ui/toast'
import { configureErrorHandling } from './http'
import { navigateTo } from './navigation'
import { signedOutNotice, signOut, tokenStore } from './session'

/** Installs the spec §8 central handler used by every online-only call. */
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
    toast(kind, description) {
      toast({
        variant: 'error',
        title: kind === 'rate_limited' ? t`Too many attempts` : t`Something went wrong`,
        description: description || t`Please try again.`,
      })
    },
    network() {
      toast({
        variant: 'error',
        title: t`Can't reach the server`,
        description: navigator.onLine
          ? t`Please check your connection and try again.`
          : t`You are offline. Connect to the internet and try again.`,
      })
    },
  })
}
