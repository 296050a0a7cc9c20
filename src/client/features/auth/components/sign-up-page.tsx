import { Trans, useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { completeSignIn, type SignInResponse } from '~/client/lib/session'
import * as Form from '~/client/ui/form'
import { Link } from '~/client/ui/link'
import { SignUpInput } from '~/shared/schemas/auth'
import { AuthHeading, authFooter } from './auth-heading'

/** /signup: create an account, then continue as signed in (spec §4 Accounts and plans). */
export function SignUpPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Create your account`)
  return (
    <>
      <AuthHeading
        title={<Trans>Create your account</Trans>}
        description={<Trans>Keep your to-be-read list in one place and share it with a link.</Trans>}
      />
      <Form.Root
        schema={SignUpInput}
        defaultValues={{ name: '', email: '', password: '' }}
        url="account"
        aria-label={t`Create your account`}
        onSuccess={(res) => completeSignIn(res.data as SignInResponse)}
      >
        <Form.Text name="name" label={t`Name`} autoComplete="name" required />
        <Form.Email name="email" label={t`Email`} required />
        <Form.NewPassword name="password" label={t`Password`} required />
        <Form.Submit>
          <Trans>Create account</Trans>
        </Form.Submit>
      </Form.Root>
      <p className={authFooter}>
        <Trans>
          Already have an account? <Link to="/signin">Sign in</Link>
        </Trans>
      </p>
    </>
  )
}
