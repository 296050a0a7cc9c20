import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createRoot } from 'react-dom/client'
import { Toaster } from '~/client/ui/toast'

let mounted = false

/**
 * The kit's toasts on a server-rendered page, in a root of their own (the server draws none, so
 * hydration has nothing to match them with). Once per page.
 */
export function mountToaster() {
  if (mounted) return
  mounted = true
  const host = document.createElement('div')
  document.body.append(host)
  createRoot(host).render(
    <I18nProvider i18n={i18n}>
      <Toaster />
    </I18nProvider>,
  )
}
