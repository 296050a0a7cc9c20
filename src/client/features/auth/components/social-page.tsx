import { Trans, useLingui } from '@lingui/react/macro'
import { exchangeSocialToken } from '../api'
import { TokenSignInPage } from './token-sign-in-page'

/**
 * /signin/social?provider=…&token=…: the end of a social sign-in. The token signs in
 * like any sign-in (a second factor may follow, /signin/otp); any failure, or error=…, shows the
 * failure page.
 */
export function SocialPage({ token, error }: { provider?: string; token?: string; error?: string }) {
  const { t } = useLingui()
  return (
    <TokenSignInPage
      token={error ? undefined : token}
      exchange={exchangeSocialToken}
      failedTitle={t`Social sign-in failed`}
    >
      <Trans>Something Went Wrong, Please try signing in again.</Trans>
    </TokenSignInPage>
  )
}
