import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import * as Alert from '~/client/ui/alert'
import * as Form from '~/client/ui/form'
import { TextLink } from '~/client/ui/page-link'
import { EmailInput } from '~/shared/schemas/auth'
import { AuthHeading, authFooter } from '~/client/ui/auth-heading'

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
          <Alert.Root status="success">
            <Alert.Icon />
            <Alert.Content>
              <Alert.Title>
                <Trans>Check your email</Trans>
              </Alert.Title>
              <Alert.Description>
                <Trans>If {sentTo} has an account, a reset link is on its way. It works for one hour.</Trans>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
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
