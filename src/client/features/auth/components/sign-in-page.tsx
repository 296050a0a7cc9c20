import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { Link } from '~/client/ui/link'
import { AuthHeading, authFooter } from './auth-heading'
import { SignInForms, useErrorNotice, type SignInMethod } from './sign-in-forms'

/**
 * /signin: password or magic-link sign-in (spec §2). `redirect` (a same-origin path) is where
 * either way of signing in leads afterwards. `/` shows the same forms under a welcome (home-page.tsx).
 */
export function SignInPage({ error, redirect }: { error?: string; redirect?: string }) {
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
      <p className={authFooter}>
        <Trans>
          New to TBR? <Link to="/signup">Create an account</Link>
        </Trans>
      </p>
    </>
  )
}
