import { Trans, useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { AuthFailure, AuthPending } from '~/client/ui/auth-status'
import { exchangeSocialToken } from '../api'
import { useTokenSignIn } from '../use-token-sign-in'

/**
 * /signin/social?provider=…&token=…: the end of a social sign-in. The token signs in
 * like any sign-in (a second factor may follow, /signin/otp); any failure, or error=…, shows the
 * failure page.
 */
export function SocialPage({ token, error }: { provider?: string; token?: string; error?: string }) {
  const { t } = useLingui()
  const failed = useTokenSignIn(error ? undefined : token, exchangeSocialToken)
  useDocumentTitle(failed ? t`Social sign-in failed` : t`Signing you in`)
  if (!failed) {
    return (
      <AuthPending>
        <Trans>Signing you in…</Trans>
      </AuthPending>
    )
  }
  return (
    <AuthFailure title={<Trans>Social sign-in failed</Trans>}>
      <Trans>Something Went Wrong, Please try signing in again.</Trans>
    </AuthFailure>
  )
}
