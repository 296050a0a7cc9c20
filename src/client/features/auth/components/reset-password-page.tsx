import { Trans, useLingui } from '@lingui/react/macro'
import { completeSignIn, type SignInResponse } from '~/client/lib/session'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import * as Form from '~/client/ui/form'
import { Link } from '~/client/ui/link'
import { PasswordResetInput } from '~/shared/schemas/auth'
import { AuthHeading, authFooter } from '~/client/ui/auth-heading'
import { AuthFailure } from '~/client/ui/auth-status'

/**
 * /resetpassword?token=…: POST /api/auth/password/reset {jwt, password}. The server signs the user
 * in with the new password (and ends every other session), so the app routes on as after sign-in.
 */
export function ResetPasswordPage({ token }: { token?: string }) {
  const { t } = useLingui()
  useDocumentTitle(t`Choose a new password`)
  return (
    <>
      {token ? <ResetForm token={token} /> : <IncompleteLink />}
      <p className={authFooter}>
        <Link to="/forgotpassword">
          <Trans>Request a new reset link</Trans>
        </Link>
      </p>
    </>
  )
}

/** A link that lost its token (cut short when copied): nothing to reset with. */
function IncompleteLink() {
  return (
    <>
      <AuthFailure title={<Trans>Choose a new password</Trans>} footer={null}>
        <Trans>This reset link is incomplete. Open the link from the latest email, or ask for a new one.</Trans>
      </AuthFailure>
    </>
  )
}

function ResetForm({ token }: { token: string }) {
  const { t } = useLingui()
  return (
    <>
      <AuthHeading
        title={<Trans>Choose a new password</Trans>}
        description={<Trans>Your new password signs you out everywhere else.</Trans>}
      />
      <Form.Root
        schema={PasswordResetInput}
        defaultValues={{ jwt: token, password: '' }}
        url="auth/password/reset"
        aria-label={t`Choose a new password`}
        onSuccess={(res) => completeSignIn(res.data as SignInResponse)}
      >
        <Form.Hidden name="jwt" />
        <Form.NewPassword name="password" label={t`New password`} required />
        <Form.Submit>
          <Trans>Reset password</Trans>
        </Form.Submit>
      </Form.Root>
    </>
  )
}
