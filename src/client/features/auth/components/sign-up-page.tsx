import { Trans, useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import type { ApiRequestError } from '~/client/lib/http'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { useCompleteSignIn, type SignInResponse } from '~/client/lib/session/completion'
import * as Alert from '~/client/ui/alert'
import * as Form from '~/client/ui/form'
import { TextLink } from '~/client/ui/page-link'
import { SignUpInput } from '~/shared/schemas/auth'
import { AuthHeading, authFooter } from '~/client/ui/auth-heading'

const links = css({ display: 'flex', flexWrap: 'wrap', gap: '4', mt: '1' })

/**
 * An address that already has an account, with another password, is refused (401,
 * nothing created) with the message of a failed sign-in (it must not tell which addresses have an
 * account); the form shows it and offers the two ways on from there: sign in, or reset.
 * The sign-in limit counts these tries too: a 429 says when to try again.
 */
function explain(error: ApiRequestError) {
  if (error.status === 429) return <Alert.Description>{error.message}</Alert.Description>
  if (error.status !== 401) return null
  return (
    <>
      <Alert.Description>{error.message}</Alert.Description>
      <div className={links}>
        <TextLink to="/signin">
          <Trans>Sign in</Trans>
        </TextLink>
        <TextLink to="/forgotpassword">
          <Trans>Reset your password</Trans>
        </TextLink>
      </div>
    </>
  )
}

/** /signup: create an account, then continue as signed in. */
export function SignUpPage() {
  const { t } = useLingui()
  const completeSignIn = useCompleteSignIn()
  useDocumentTitle(t`Create your account`)
  return (
    <>
      <AuthHeading
        title={<Trans>Create your account</Trans>}
        description={<Trans>Keep your to-be-read list in one place and share it with a link.</Trans>}
      />
      <Form.Root
        schema={SignUpInput}
        defaultValues={{ name: '', email: '', password: '', confirm_password: '' }}
        url="account"
        aria-label={t`Create your account`}
        errorAlert={explain}
        onSuccess={(res) => completeSignIn(res.data as SignInResponse)}
      >
        <Form.Text name="name" label={t`Name`} autoComplete="name" required />
        <Form.Email name="email" label={t`Email`} required />
        <Form.NewPassword name="password" label={t`Password`} required />
        <Form.Password name="confirm_password" label={t`Confirm password`} autoComplete="new-password" required />
        <Form.Submit>
          <Trans>Create account</Trans>
        </Form.Submit>
      </Form.Root>
      <p className={authFooter}>
        <Trans>
          Already have an account? <TextLink to="/signin">Sign in</TextLink>
        </Trans>
      </p>
    </>
  )
}
