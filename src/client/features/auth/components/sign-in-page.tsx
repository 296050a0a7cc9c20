import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { TextLink } from '~/client/ui/page-link'
import { AuthHeading, authFooter } from '~/client/ui/auth-heading'
import { SignInForms, useErrorNotice, type SignInMethod } from './sign-in-forms'
import { SocialButtonsView, type SocialProvider } from './social-buttons-view'

/**
 * /signin: password or magic-link sign-in, then the other ways in: a
 * passkey and the configured social providers (`providers`: the app's query, or the
 * server-rendered page's data). `redirect` (a same-origin path) is where every way of signing in
 * leads afterwards. `/` shows the same forms under a welcome (home-page.tsx).
 */
const alternativesBox = css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '5' })
const divider = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  color: 'fg.muted',
  fontSize: 'sm',
  _before: { content: '""', flex: '1', borderTopWidth: '1px', borderColor: 'border' },
  _after: { content: '""', flex: '1', borderTopWidth: '1px', borderColor: 'border' },
})

export function SignInPage({
  error,
  redirect,
  providers,
  passkey,
}: {
  error?: string
  redirect?: string
  providers: SocialProvider[]
  /** The passkey button (features/passkeys), composed by the route: features never import each other. */
  passkey: ReactNode
}) {
  const { t } = useLingui()
  const [method, setMethod] = useState<SignInMethod>('password')
  useDocumentTitle(t`Sign in`)
  useErrorNotice(error)

  return (
    <>
      <AuthHeading
        title={<Trans>Sign in to TBR</Trans>}
        description={
          method === 'password' ? (
            <Trans>Welcome back. Enter your email and password.</Trans>
          ) : (
            <Trans>We will email you a link that signs you in, no password needed.</Trans>
          )
        }
      />
      <SignInForms redirect={redirect} method={method} onMethodChange={setMethod} />
      <div className={alternativesBox}>
        <div className={divider}>
          <Trans>or</Trans>
        </div>
        {passkey}
        <SocialButtonsView providers={providers} redirect={redirect} />
      </div>
      <p className={authFooter}>
        <Trans>
          New to TBR? <TextLink to="/signup">Create an account</TextLink>
        </Trans>
      </p>
    </>
  )
}
