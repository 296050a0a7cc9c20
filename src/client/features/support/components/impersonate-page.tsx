import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { navigateTo } from '~/client/lib/navigation'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { AuthPending } from '~/client/ui/auth-status'
import { exchangeImpersonationToken } from '../api'
import { enterSupportSession } from '../session-switch'

const entered = new Set<string>()

/** /signin/impersonate?token=…: opens the support session; a failure goes to /404. */
export function ImpersonatePage({ token }: { token?: string }) {
  const { t } = useLingui()
  useDocumentTitle(t`Opening a support session`)
  useEffect(() => {
    if (!token) {
      navigateTo('/404')
      return
    }
    let live = true
    exchangeImpersonationToken(token).then(
      async (data) => {
        if (!live || entered.has(token)) return
        entered.add(token)
        await enterSupportSession(data)
      },
      () => live && navigateTo('/404'),
    )
    return () => {
      live = false
    }
  }, [token])
  return (
    <AuthPending>
      <Trans>Opening the support session…</Trans>
    </AuthPending>
  )
}
