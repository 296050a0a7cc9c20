import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useWatch } from 'react-hook-form'
import * as v from 'valibot'
import type { UserRow } from '~/client/db'
import * as Card from '~/client/ui/card'
import * as Form from '~/client/ui/form'
import { hasFlag } from '~/shared/permissions'
import { Email, isHttpUrl, Name } from '~/shared/schemas/common'
import type { UpdateUserInput } from '~/shared/schemas/user'
import { updateProfile } from '../api/update-profile'

// spec §2 /account/profile: name, email, avatar (one image: an image address, as there is no
// upload endpoint yet), account name (owners only) and default account (only with more than one
// account). spec §4: an email change sets verified false and goes to /signup/verify. Hardening
// issue, item 4: a new address needs the current password (when the user has one); the server's
// refusal lands on that field.

// The server takes only absolute http(s) addresses for the picture (src/shared/schemas/user.ts):
// one typed without its scheme is sent with https://, and another scheme (ftp://) is refused here
// with the server's own message. Not an address at all keeps the url field's message (spec §5).
const Avatar = v.pipe(
  v.string(),
  v.trim(),
  Form.urlPattern(),
  v.transform(Form.withHttps),
  v.maxLength(2048, Form.withValues('global.form.input.error.max_length', { max: 2048 })),
  v.check((s) => s === '' || isHttpUrl(s), 'validation.avatar.invalid'),
)

/** Whether the typed address differs from the saved one (the server compares without case). */
const emailChanged = (saved: string, typed: string | undefined) => (typed ?? '').trim().toLowerCase() !== saved.toLowerCase()

/** The form's schema: the current password is required only for a new address, and only if one exists. */
export function profileSchema(savedEmail: string, hasPassword: boolean) {
  return v.pipe(
    v.object({
      name: Name,
      email: Email,
      avatar: Avatar,
      account_name: v.optional(Name),
      default_account: v.optional(v.string()),
      password: v.optional(v.pipe(v.string(), v.maxLength(200, 'validation.password.max_length'))),
    }),
    v.forward(
      v.check((i) => !hasPassword || !emailChanged(savedEmail, i.email) || !!i.password, 'validation.password.old_required'),
      ['password'],
    ),
  )
}
type ProfileValues = v.InferOutput<ReturnType<typeof profileSchema>>

/** Only what changed is sent: an unchanged email must not trigger a new verification. */
export function profileChanges(user: Pick<UserRow, 'name' | 'email' | 'avatar' | 'account_name' | 'default_account'>, values: ProfileValues, canName: boolean): UpdateUserInput {
  const out: UpdateUserInput = {}
  if (values.name !== user.name) out.name = values.name
  if (values.email !== user.email.toLowerCase()) {
    out.email = values.email
    if (values.password) out.password = values.password
  }
  const avatar = values.avatar === '' ? null : values.avatar
  if (avatar !== (user.avatar ?? null)) out.avatar = avatar
  if (canName && values.account_name !== undefined && values.account_name !== user.account_name) out.account_name = values.account_name
  if (values.default_account && values.default_account !== user.default_account) out.default_account = values.default_account
  return out
}

/** The current password, shown only while the typed address differs from the saved one. */
function CurrentPassword({ savedEmail }: { savedEmail: string }) {
  const { t } = useLingui()
  const email = useWatch({ name: 'email' }) as string | undefined
  if (!emailChanged(savedEmail, email)) return null
  return (
    <Form.Password
      name="password"
      label={t`Current password`}
      helperText={t`To change your email address, confirm it is you.`}
      autoComplete="current-password"
      required
    />
  )
}

export function ProfileForm({ user }: { user: UserRow }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const isOwner = hasFlag(user.permission, 'owner')
  const accounts = user.accounts ?? []
  const schema = useMemo(() => profileSchema(user.email, user.has_password), [user.email, user.has_password])
  return (
    <Card.Root>
      <Card.Body>
        <Form.Root
          schema={schema}
          defaultValues={{
            name: user.name,
            email: user.email,
            avatar: user.avatar ?? '',
            account_name: isOwner ? user.account_name : undefined,
            default_account: accounts.length > 1 ? (user.default_account ?? user.account_id) : undefined,
          }}
          submit={(values) => updateProfile(profileChanges(user, values, isOwner))}
          onSuccess={(res) => {
            const data = res.data as { verified?: boolean } | undefined
            if (data && data.verified === false) void navigate({ to: '/signup/verify' })
          }}
          aria-label={t`Profile`}
        >
          <Form.Text name="name" label={t`Name`} autoComplete="name" required />
          <Form.Email name="email" label={t`Email address`} helperText={t`A new address must be verified before you continue.`} required />
          {user.has_password && <CurrentPassword savedEmail={user.email} />}
          <Form.Url name="avatar" label={t`Picture`} helperText={t`The web address of one image, shown as your avatar.`} placeholder="https://" />
          {isOwner && <Form.Text name="account_name" label={t`Account name`} required />}
          {accounts.length > 1 && (
            <Form.Select
              name="default_account"
              label={t`Default account`}
              helperText={t`The account you start in when you sign in.`}
              options={accounts.map((a) => ({ value: a.id, label: a.name }))}
            />
          )}
          <Form.Submit>{t`Save changes`}</Form.Submit>
        </Form.Root>
      </Card.Body>
    </Card.Root>
  )
}
