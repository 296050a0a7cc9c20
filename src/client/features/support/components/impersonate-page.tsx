import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { navigateTo } from '~/client/lib/navigation'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { Spinner } from '~/client/ui/spinner'
import { exchangeImpersonationToken } from '../api'
import { enterSupportSession } from '../session-switch'

const pending = css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted' })
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
    <div className={pending} role="status">
      <Spinner size="md" />
      <Trans>Opening the support session…</Trans>
    </div>
  )
}
