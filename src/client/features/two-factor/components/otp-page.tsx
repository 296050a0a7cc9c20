import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import type { ApiRequestError } from '~/client/lib/http'
import { completeSignIn, type SignInResponse } from '~/client/lib/session'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import * as Alert from '~/client/ui/alert'
import { Button } from '~/client/ui/button'
import * as Form from '~/client/ui/form'
import { Link } from '~/client/ui/link'
import { toast } from '~/client/ui/toast'
import { OtpCode } from '~/shared/schemas/two-factor'
import { AuthHeading } from '~/client/ui/auth-heading'
import { AuthFailure, BackToSignIn } from '~/client/ui/auth-status'
import { submitOtp } from '../api'

// /signin/otp?token=…: the second factor, then the session starts. The 6-digit field has 3 + 3
// slots and completes on the sixth; the backup code works instead, once.

const CodeForm = v.object({ code: OtpCode })
const BackupForm = v.object({
  code: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('validation.otp.required'),
    v.regex(/^[A-Za-z0-9-]{8,40}$/, 'validation.backup_code.invalid'),
  ),
})

const switchRow = css({ display: 'flex', justifyContent: 'center', mt: '5' })

export function OtpPage({ token, redirect }: { token?: string; redirect?: string }) {
  const { t } = useLingui()
  const [backup, setBackup] = useState(false)
  const formId = useId()
  useDocumentTitle(t`Two-factor authentication`)

  if (!token) return <Expired />
  // A 401 means the 5-minute sign-in ran out; a 429 the address is paused.
  const explain = (error: ApiRequestError) => {
    if (error.status === 401) {
      return (
        <>
          <Alert.Description>{error.message}</Alert.Description>
          <Link to="/signin">
            <Trans>Sign in again</Trans>
          </Link>
        </>
      )
    }
    return error.status === 429 ? <Alert.Description>{error.message}</Alert.Description> : null
  }
  return (
    <>
      <AuthHeading
        title={<Trans>Two-factor authentication</Trans>}
        description={
          backup ? (
            <Trans>Enter the backup code you saved when you turned two-factor authentication on. It works once.</Trans>
          ) : (
            <Trans>Enter the 6-digit code from your authenticator app.</Trans>
          )
        }
      />
      <Form.Root
        key={backup ? 'backup' : 'code'}
        id={formId}
        schema={backup ? BackupForm : CodeForm}
        defaultValues={{ code: '' }}
        submit={(values) => submitOtp(token, values.code)}
        onSuccess={(res) => {
          if (!backup) return completeSignIn(res.data as SignInResponse, redirect)
          // The backup code is now used up: straight to where a new one is made.
          toast({
            variant: 'info',
            title: t`You used your backup code`,
            description: t`Make a new one now, so a lost phone never locks you out.`,
          })
          return completeSignIn(res.data as SignInResponse, '/account/2fa')
        }}
        errorAlert={explain}
        aria-label={backup ? t`Sign in with your backup code` : t`Sign in with your code`}
      >
        {backup ? (
          <Form.Text name="code" label={t`Backup code`} autoComplete="off" spellCheck={false} required />
        ) : (
          <Form.Otp
            name="code"
            label={t`Code`}
            // The field completes on the sixth digit, and so does the sign-in.
            onComplete={() => (document.getElementById(formId) as HTMLFormElement | null)?.requestSubmit()}
          />
        )}
        <Form.Submit>
          <Trans>Verify</Trans>
        </Form.Submit>
      </Form.Root>
      <div className={switchRow}>
        <Button variant="link" onClick={() => setBackup(!backup)}>
          {backup ? <Trans>Use a code from your app instead</Trans> : <Trans>Use a backup code</Trans>}
        </Button>
      </div>
      <BackToSignIn />
    </>
  )
}

function Expired() {
  return (
    <AuthFailure title={<Trans>Two-factor authentication</Trans>}>
      <Trans>This sign-in has expired. Please sign in again.</Trans>
    </AuthFailure>
  )
}
