import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { completeSignIn, pendingRedirect, type SignInResponse } from '~/client/lib/session'
import * as Alert from '~/client/ui/alert'
import { Button } from '~/client/ui/button'
import * as Form from '~/client/ui/form'
import { Link } from '~/client/ui/link'
import { toast } from '~/client/ui/toast'
import { EmailInput, SignInPasswordForm } from '~/shared/schemas/auth'
import { AuthHeading, authFooter, formRow } from './auth-heading'

const switchRow = css({ display: 'flex', justifyContent: 'center', mt: '5' })

function PasswordForm({ redirect }: { redirect?: string }) {
  const { t } = useLingui()
  return (
    <Form.Root
      schema={SignInPasswordForm}
      defaultValues={{ email: '', password: '' }}
      url="auth"
      aria-label={t`Sign in with your password`}
      onSuccess={(res) => completeSignIn(res.data as SignInResponse, redirect)}
    >
      <Form.Email name="email" label={t`Email`} required />
      <Form.Password name="password" label={t`Password`} autoComplete="current-password" required />
      <div className={formRow}>
        <Link to="/forgotpassword">
          <Trans>Forgot your password?</Trans>
        </Link>
      </div>
      <Form.Submit>
        <Trans>Sign in</Trans>
      </Form.Submit>
    </Form.Root>
  )
}

function MagicLinkForm({ redirect }: { redirect?: string }) {
  const { t } = useLingui()
  const [sentTo, setSentTo] = useState<string | null>(null)
  return (
    <Form.Root
      schema={EmailInput}
      defaultValues={{ email: '' }}
      url="auth/magic"
      aria-label={t`Sign in with a magic link`}
      onSuccess={(_res, values) => {
        // The link opens /magic, likely in another tab: it finds the destination there.
        pendingRedirect.set(redirect)
        setSentTo(values.email)
      }}
    >
      {sentTo && (
        <Alert.Root status="success">
          <Alert.Icon />
          <Alert.Content>
            <Alert.Title>
              <Trans>Check your email</Trans>
            </Alert.Title>
            <Alert.Description>
              <Trans>If {sentTo} has an account, a sign-in link is on its way. It works for one hour.</Trans>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Form.Email name="email" label={t`Email`} required />
      <Form.Submit>
        <Trans>Email me a sign-in link</Trans>
      </Form.Submit>
    </Form.Root>
  )
}

/**
 * / and /signin: password or magic-link sign-in (spec §2). `redirect` (a same-origin path) is
 * where either way of signing in leads afterwards.
 */
export function SignInPage({ error, redirect }: { error?: string; redirect?: string }) {
  const { t } = useLingui()
  const [method, setMethod] = useState<'password' | 'magic'>('password')
  useDocumentTitle(t`Sign in`)

  // spec §2: an `error` query text is shown as an error notification (once, even in StrictMode).
  const shown = useRef<string | null>(null)
  useEffect(() => {
    if (error && shown.current !== error) {
      shown.current = error
      toast({ variant: 'error', title: error })
    }
  }, [error])

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
      {method === 'password' ? <PasswordForm redirect={redirect} /> : <MagicLinkForm redirect={redirect} />}
      <div className={switchRow}>
        <Button variant="link" onClick={() => setMethod(method === 'password' ? 'magic' : 'password')}>
          {method === 'password' ? <Trans>Use a magic link instead</Trans> : <Trans>Use your password instead</Trans>}
        </Button>
      </div>
      <p className={authFooter}>
        <Trans>
          New to TBR? <Link to="/signup">Create an account</Link>
        </Trans>
      </p>
    </>
  )
}
