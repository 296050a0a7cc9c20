import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import * as Form from '~/client/ui/form'
import { TextLink } from '~/client/ui/page-link'
import { EmailInput } from '~/shared/schemas/auth'
import { AuthHeading, authFooter } from '~/client/ui/auth-heading'
import { CheckEmailAlert } from './check-email-alert'

/** /forgotpassword: mails a reset link (POST /api/auth/password/reset/request). */
export function ForgotPasswordPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Forgot your password?`)
  const [sentTo, setSentTo] = useState<string | null>(null)
  return (
    <>
      <AuthHeading
        title={<Trans>Forgot your password?</Trans>}
        description={<Trans>Enter your email and we will send you a link to choose a new one.</Trans>}
      />
      <Form.Root
        schema={EmailInput}
        defaultValues={{ email: '' }}
        url="auth/password/reset/request"
        aria-label={t`Request a password reset`}
        onSuccess={(_res, values) => setSentTo(values.email)}
      >
        {sentTo && (
          <CheckEmailAlert>
            <Trans>If {sentTo} has an account, a reset link is on its way. It works for one hour.</Trans>
          </CheckEmailAlert>
        )}
        <Form.Email name="email" label={t`Email`} required />
        <Form.Submit>
          <Trans>Send reset link</Trans>
        </Form.Submit>
      </Form.Root>
      <p className={authFooter}>
        <Trans>
          Remembered it? <TextLink to="/signin">Back to sign in</TextLink>
        </Trans>
      </p>
    </>
  )
}
