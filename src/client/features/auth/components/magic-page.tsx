import { Trans, useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { AuthFailure, AuthPending } from '~/client/ui/auth-status'
import { verifyMagicLink } from '../one-time'
import { useTokenSignIn } from '../use-token-sign-in'

/** /magic?token=…: opening a magic link verifies it and signs in; a failure says so. */
export function MagicPage({ token }: { token?: string }) {
  const { t } = useLingui()
  const failed = useTokenSignIn(token, verifyMagicLink)
  useDocumentTitle(failed ? t`Magic Link Is Invalid` : t`Signing you in`)
  if (!failed) {
    return (
      <AuthPending>
        <Trans>Signing you in…</Trans>
      </AuthPending>
    )
  }
  return (
    <AuthFailure title={<Trans>Magic Link Is Invalid</Trans>}>
      <Trans>This sign-in link has expired or has already been used. Links work once, for one hour.</Trans>
    </AuthFailure>
  )
}
