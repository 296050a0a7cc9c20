import { Trans, useLingui } from '@lingui/react/macro'
import { verifyMagicLink } from '../one-time'
import { TokenSignInPage } from './token-sign-in-page'

/** /magic?token=…: opening a magic link verifies it and signs in; a failure says so. */
export function MagicPage({ token }: { token?: string }) {
  const { t } = useLingui()
  return (
    <TokenSignInPage token={token} exchange={verifyMagicLink} failedTitle={t`Magic Link Is Invalid`}>
      <Trans>This sign-in link has expired or has already been used. Links work once, for one hour.</Trans>
    </TokenSignInPage>
  )
}
