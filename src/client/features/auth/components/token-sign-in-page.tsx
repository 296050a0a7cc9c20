import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import type { SignInResponse } from '~/client/lib/session/completion'
import { AuthFailure, AuthPending } from '~/client/ui/auth-status'
import { useTokenSignIn } from '../use-token-sign-in'

export interface TokenSignInPageProps {
  /** The link's one-time token; none fails at once. */
  token?: string
  exchange: (token: string) => Promise<SignInResponse>
  /** The failure's heading, also the tab's title once it failed. */
  failedTitle: string
  /** Why it failed, in the failure's alert. */
  children: ReactNode
}

/** A page that signs in with a link's token: "Signing you in…" while it works, its failure if it cannot. */
export function TokenSignInPage({ token, exchange, failedTitle, children }: TokenSignInPageProps) {
  const { t } = useLingui()
  const failed = useTokenSignIn(token, exchange)
  useDocumentTitle(failed ? failedTitle : t`Signing you in`)
  if (!failed) {
    return (
      <AuthPending>
        <Trans>Signing you in…</Trans>
      </AuthPending>
    )
  }
  return <AuthFailure title={failedTitle}>{children}</AuthFailure>
}
