import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import * as v from 'valibot'
import { mergeUser } from '~/client/db'
import { send } from '~/client/lib/http'
import { useDocumentTitle } from '~/client/lib/use-document-title'
import { useSession } from '~/client/lib/session'
import * as Card from '~/client/ui/card'
import * as Form from '~/client/ui/form'
import { Password } from '~/shared/schemas/common'
import type { ChangePasswordInput, SessionUser } from '~/shared/schemas/user'

// /account/password (user): create a password, or change it (the old password
// is required only when one exists). The change signs out every other device; the
// server answers the updated user and a message shown as a toast.

const ChangeSchema = v.pipe(
  v.object({
    oldpassword: v.pipe(v.string(), v.nonEmpty('validation.password.old_required'), v.maxLength(200, 'validation.password.max_length')),
    newpassword: Password,
    confirm_password: v.string(),
  }),
  v.forward(v.check((i) => i.newpassword === i.confirm_password, 'validation.password.mismatch'), ['confirm_password']),
)

const CreateSchema = v.pipe(
  v.object({ newpassword: Password, confirm_password: v.string() }),
  v.forward(v.check((i) => i.newpassword === i.confirm_password, 'validation.password.mismatch'), ['confirm_password']),
)

type Values = { oldpassword?: string; newpassword: string; confirm_password: string }

export async function changePassword(hasPassword: boolean, values: Values) {
  const body: ChangePasswordInput = { has_password: hasPassword, newpassword: values.newpassword }
  if (hasPassword) body.oldpassword = values.oldpassword
  const res = await send<SessionUser>('put', 'user/password', body)
  if (res.data) await mergeUser(res.data)
  return res
}

export function PasswordPage() {
  const { t } = useLingui()
  const { user } = useSession()
  const hasPassword = user?.has_password ?? true
  const [round, setRound] = useState(0)
  useDocumentTitle(hasPassword ? t`Change password` : t`Create a password`)
  if (!user) return null
  return (
    <Card.Root width="form">
      <Card.Header>
        <Card.Title>{hasPassword ? <Trans>Change password</Trans> : <Trans>Create a password</Trans>}</Card.Title>
        <Card.Description>
          {hasPassword ? (
            <Trans>Your new password signs you out on every other device.</Trans>
          ) : (
            <Trans>You sign in with email links today. A password lets you sign in with it as well; other devices are signed out.</Trans>
          )}
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Form.Root
          // A new form after each success: the fields empty out and the mode follows has_password.
          key={`${hasPassword}-${round}`}
          schema={hasPassword ? ChangeSchema : CreateSchema}
          defaultValues={hasPassword ? { oldpassword: '', newpassword: '', confirm_password: '' } : { newpassword: '', confirm_password: '' }}
          submit={(values) => changePassword(hasPassword, values as Values)}
          onSuccess={() => setRound((n) => n + 1)}
          aria-label={hasPassword ? t`Change password` : t`Create a password`}
        >
          {/* Lets password managers tie the new password to the account. */}
          <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
          {hasPassword && <Form.Password name="oldpassword" label={t`Current password`} autoComplete="current-password" required />}
          <Form.NewPassword name="newpassword" label={t`New password`} required />
          <Form.Password name="confirm_password" label={t`Confirm the new password`} autoComplete="new-password" required />
          <Form.Submit>{hasPassword ? t`Change password` : t`Create password`}</Form.Submit>
        </Form.Root>
      </Card.Body>
    </Card.Root>
  )
}
