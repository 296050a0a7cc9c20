import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { ApiRequestError, handleError } from '~/client/lib/http'
import { useCompleteSignIn } from '~/client/lib/session/completion'
import { pendingRedirect } from '~/client/lib/session/redirect'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import * as Alert from '~/client/ui/alert'
import { TextLink } from '~/client/ui/page-link'
import { Spinner } from '~/client/ui/spinner'
import { verifyMagicLink } from '../one-time'
import { AuthHeading, authFooter } from '~/client/ui/auth-heading'

const pending = css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted' })

// The page can mount again while the sign-in completes (the session changes under the layout);
// the answer is shared (api.ts), so a token's sign-in is completed once, not once per mount.
const completed = new Set<string>()

/** /magic?token=…: opening a magic link verifies it and signs in; a failure says so. */
export function MagicPage({ token }: { token?: string }) {
  const { t } = useLingui()
  const completeSignIn = useCompleteSignIn()
  const [failed, setFailed] = useState(!token)
  useDocumentTitle(failed ? t`Magic Link Is Invalid` : t`Signing you in`)

  useEffect(() => {
    if (!token) return
    let live = true
    verifyMagicLink(token).then(
      async (data) => {
        if (!live || completed.has(token)) return
        completed.add(token)
        // Back to where the reader was going when they asked for the link (sign-in-page.tsx).
        await completeSignIn(data, pendingRedirect.take())
      },
      (error) => {
        if (!live) return
        if (!(error instanceof ApiRequestError)) void handleError(error)
        setFailed(true)
      },
    )
    return () => {
      live = false
    }
  }, [token])

  if (!failed) {
    return (
      <div className={pending} role="status">
        <Spinner size="md" />
        <Trans>Signing you in…</Trans>
      </div>
    )
  }
  return (
    <>
      <AuthHeading title={<Trans>Magic Link Is Invalid</Trans>} />
      <Alert.Root status="error">
        <Alert.Icon />
        <Alert.Content>
          <Alert.Description>
            <Trans>This sign-in link has expired or has already been used. Links work once, for one hour.</Trans>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <p className={authFooter}>
        <TextLink to="/signin">
          <Trans>Back to sign in</Trans>
        </TextLink>
      </p>
    </>
  )
}
