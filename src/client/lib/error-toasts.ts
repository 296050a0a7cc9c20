import { t } from '@lingui/core/macro'
import { toast } from './toasts'
import type { ErrorHandlers } from './http'

// The toasts of the central error handler, without the session and the router: the app's
// handler (error-handling.ts) and the server-rendered signed-out screens (src/client/public)
// show the same ones.

export function signedOutNotice(message: string) {
  toast({ variant: 'error', title: message || t`Please sign in to continue` })
}

export const errorToasts: Pick<ErrorHandlers, 'toast' | 'network'> = {
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
}
