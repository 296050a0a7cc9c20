import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { ApiRequestError, handleError } from '~/client/lib/http'
import { completeSignIn, pendingRedirect } from '~/client/lib/session'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import * as Alert from '~/client/ui/alert'
import { Link } from '~/client/ui/link'
import { Spinner } from '~/client/ui/spinner'
import { exchangeSocialToken } from '../api'
import { AuthHeading, authFooter } from '~/client/ui/auth-heading'

const pending = css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted' })

// The page can mount again while the sign-in completes; a token's sign-in completes once.
const completed = new Set<string>()

/**
 * /signin/social?provider=…&token=…: the end of a social sign-in. The token signs in
 * like any sign-in (a second factor may follow, /signin/otp); any failure, or error=…, shows the
 * failure page.
 */
export function SocialPage({ token, error }: { provider?: string; token?: string; error?: string }) {
  const { t } = useLingui()
  const [failed, setFailed] = useState(!token || Boolean(error))
  useDocumentTitle(failed ? t`Social sign-in failed` : t`Signing you in`)

  useEffect(() => {
    if (!token || error) return
    let live = true
    exchangeSocialToken(token).then(
      async (data) => {
        if (!live || completed.has(token)) return
        completed.add(token)
        await completeSignIn(data, pendingRedirect.take())
      },
      (err) => {
        if (!live) return
        if (!(err instanceof ApiRequestError)) void handleError(err)
        setFailed(true)
      },
    )
    return () => {
      live = false
    }
  }, [token, error])

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
      <AuthHeading title={<Trans>Social sign-in failed</Trans>} />
      <Alert.Root status="error">
        <Alert.Icon />
        <Alert.Content>
          <Alert.Description>
            <Trans>Something Went Wrong, Please try signing in again.</Trans>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <p className={authFooter}>
        <Link to="/signin">
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </>
  )
}
