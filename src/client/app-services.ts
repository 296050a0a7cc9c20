import { t } from '@lingui/core/macro'
import { clearPrivateCaches, registerServiceWorker } from '~/client/pwa/register'
import { startSync, syncNow, syncSettled } from '~/client/sync'
import { startCatalogLookups } from '~/client/features/books/catalog/lookups'
import { toast } from '~/client/ui/toast'
import { beforeSessionEnds, onSignOut, sessionRefused } from './lib/session'

/**
 * Starts what runs beside the UI: the sync engine and the service worker with its
 * update prompt. Sign-out also drops the cached private responses.
 */
export function startAppServices() {
  startSync({ onUnauthorized: (token) => void sessionRefused(token) })
  // Catalogue look-ups owed by books added offline or imported (decision 49).
  startCatalogLookups()
  // The sync run in flight holds the session's token: sign-out lets it finish before ending it.
  beforeSessionEnds(syncSettled)
  onSignOut(clearPrivateCaches)
  registerServiceWorker({
    onUpdate(apply) {
      toast({
        variant: 'info',
        title: t`A new version of TBR is ready`,
        duration: Infinity,
        action: { label: t`Reload`, altText: t`Reload the page to use the new version`, onClick: apply },
      })
    },
    onSyncRequest() {
      void syncNow()
    },
  })
}
