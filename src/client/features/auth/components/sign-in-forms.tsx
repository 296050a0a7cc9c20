import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import type { ApiRequestError } from '~/client/lib/http'
import { useCompleteSignIn, type SignInResponse } from '~/client/lib/session/completion'
import { pendingRedirect } from '~/client/lib/session/redirect'
import * as Alert from '~/client/ui/alert'
import { Button } from '~/client/ui/button'
import * as Form from '~/client/ui/form'
import { TextLink } from '~/client/ui/page-link'
import { toast } from '~/client/ui/toast'
import { EmailInput, SignInPasswordForm } from '~/shared/schemas/auth'
import { formRow } from '~/client/ui/auth-heading'
import { CheckEmailAlert } from './check-email-alert'

// The sign-in forms of / and /signin: password or magic link, one at a time.

export type SignInMethod = 'password' | 'magic'

const switchRow = css({ display: 'flex', justifyContent: 'center', mt: '5' })
const offer = css({ alignSelf: 'flex-start', mt: '1' })

/** An `error` query text is shown as an error notification (once, even in StrictMode). */
export function useErrorNotice(error: string | undefined) {
  const shown = useRef<string | null>(null)
  useEffect(() => {
    if (error && shown.current !== error) {
      shown.current = error
      toast({ variant: 'error', title: error })
    }
  }, [error])
}

function PasswordForm({ redirect, onMagicLink }: { redirect?: string; onMagicLink: (email: string) => void }) {
  const { t } = useLingui()
  const completeSignIn = useCompleteSignIn()
  // A refusal is explained at the form, where the reader is looking, instead of stacking a toast
  // per attempt. After 10 failures the address is locked for the window: the server's
  // message says for how many minutes, and a magic link (a separate limit) still signs in.
  const explain = (error: ApiRequestError, values: { email: string }) => {
    if (error.status === 401) return <Alert.Description>{error.message}</Alert.Description>
    if (error.status !== 429) return null
    return (
      <>
        <Alert.Title>{t`Sign-in is paused for this address`}</Alert.Title>
        <Alert.Description>{error.message}</Alert.Description>
        <Alert.Description>{t`You can still sign in now with a link sent to your email.`}</Alert.Description>
        <Button variant="link" className={offer} onClick={() => onMagicLink(values.email)}>
          <Trans>Email me a sign-in link</Trans>
        </Button>
      </>
    )
  }
  return (
    <Form.Root
      schema={SignInPasswordForm}
      defaultValues={{ email: '', password: '' }}
      url="auth"
      aria-label={t`Sign in with your password`}
      errorAlert={explain}
      onSuccess={(res) => completeSignIn(res.data as SignInResponse, redirect)}
    >
      {/* "webauthn": the browser may list this site's passkeys here (conditional UI). */}
      <Form.Email name="email" label={t`Email`} autoComplete="username webauthn" required />
      <Form.Password name="password" label={t`Password`} autoComplete="current-password" required />
      <div className={formRow}>
        <TextLink to="/forgotpassword">
          <Trans>Forgot your password?</Trans>
        </TextLink>
      </div>
      <Form.Submit>
        <Trans>Sign in</Trans>
      </Form.Submit>
    </Form.Root>
  )
}

function MagicLinkForm({ redirect, email }: { redirect?: string; email: string }) {
  const { t } = useLingui()
  const [sentTo, setSentTo] = useState<string | null>(null)
  return (
    <Form.Root
      schema={EmailInput}
      defaultValues={{ email }}
      url="auth/magic"
      aria-label={t`Sign in with a magic link`}
      errorAlert={(error) => (error.status === 429 ? <Alert.Description>{error.message}</Alert.Description> : null)}
      onSuccess={(_res, values) => {
        // The link opens /magic, likely in another tab: it finds the destination there.
        pendingRedirect.set(redirect)
        setSentTo(values.email)
      }}
    >
      {sentTo && (
        <CheckEmailAlert>
          <Trans>If {sentTo} has an account, a sign-in link is on its way. It works for one hour.</Trans>
        </CheckEmailAlert>
      )}
      <Form.Email name="email" label={t`Email`} required />
      <Form.Submit>
        <Trans>Email me a sign-in link</Trans>
      </Form.Submit>
    </Form.Root>
  )
}

/**
 * The password form or the magic-link form, and the switch between them. `redirect` (a
 * same-origin path) is where either way of signing in leads afterwards.
 */
export function SignInForms({
  redirect,
  method,
  onMethodChange,
}: {
  redirect?: string
  method: SignInMethod
  onMethodChange: (method: SignInMethod) => void
}) {
  // The address typed for a password sign-in carries over when the lockout offers a magic link.
  const [email, setEmail] = useState('')
  return (
    <>
      {method === 'password' ? (
        <PasswordForm
          redirect={redirect}
          onMagicLink={(address) => {
            setEmail(address)
            onMethodChange('magic')
          }}
        />
      ) : (
        <MagicLinkForm redirect={redirect} email={email} />
      )}
      <div className={switchRow}>
        <Button variant="link" onClick={() => onMethodChange(method === 'password' ? 'magic' : 'password')}>
          {method === 'password' ? <Trans>Use a magic link instead</Trans> : <Trans>Use your password instead</Trans>}
        </Button>
      </div>
    </>
  )
}
