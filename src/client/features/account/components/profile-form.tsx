import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useWatch } from 'react-hook-form'
import * as v from 'valibot'
import type { UserRow } from '~/client/db'
import * as Card from '~/client/ui/card'
import * as Form from '~/client/ui/form'
import { hasFlag } from '~/shared/permissions'
import { Email, Name } from '~/shared/schemas/common'
import { AVATAR_MAX_BYTES, AVATAR_TYPES, type UpdateUserInput } from '~/shared/schemas/user'
import { updateProfile, type ProfileChange } from '../api/update-profile'
import { SavedPicture } from './saved-picture'

// /account/profile: name, email, avatar (one image file), account name
// (owners only) and default account (only with more than one account). An email change
// sets verified false and goes to /signup/verify. A new address needs the current password (when
// the user has one; decision 21); the server's refusal lands on that field.

/** "Avatar: at most one file": the chosen picture (none chosen keeps the saved one). */
const Picture = v.pipe(v.array(v.instance(File)), v.maxLength(1, 'validation.avatar.one_file'))

/** Whether the typed address differs from the saved one (the server compares without case). */
const emailChanged = (saved: string, typed: string | undefined) => (typed ?? '').trim().toLowerCase() !== saved.toLowerCase()

/** The form's schema: the current password is required only for a new address, and only if one exists. */
export function profileSchema(savedEmail: string, hasPassword: boolean) {
  return v.pipe(
    v.object({
      name: Name,
      email: Email,
      avatar: v.optional(Picture, []),
      remove_avatar: v.optional(v.boolean(), false),
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

/**
 * Only what changed is sent: an unchanged email must not trigger a new verification. A chosen
 * picture goes as the upload; "remove" without one sends `avatar: null`.
 */
export function profileChanges(user: Pick<UserRow, 'name' | 'email' | 'avatar' | 'account_name' | 'default_account'>, values: ProfileValues, canName: boolean): ProfileChange {
  const out: UpdateUserInput = {}
  if (values.name !== user.name) out.name = values.name
  if (values.email !== user.email.toLowerCase()) {
    out.email = values.email
    if (values.password) out.password = values.password
  }
  const picture = values.avatar[0]
  if (!picture && values.remove_avatar && user.avatar) out.avatar = null
  if (canName && values.account_name !== undefined && values.account_name !== user.account_name) out.account_name = values.account_name
  if (values.default_account && values.default_account !== user.default_account) out.default_account = values.default_account
  return { fields: out, picture }
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

const AVATAR_MESSAGES = {
  type: 'validation.avatar.not_image',
  size: Form.withValues('validation.avatar.too_large', { max: AVATAR_MAX_BYTES / 1024 / 1024 }),
  count: 'validation.avatar.one_file',
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
            avatar: [],
            remove_avatar: false,
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
          <Form.File
            name="avatar"
            label={t`Picture`}
            helperText={t`One JPEG, PNG, WebP or GIF image of up to 5 MB, shown as your avatar.`}
            accept={[...AVATAR_TYPES]}
            maxFileSize={AVATAR_MAX_BYTES}
            messages={AVATAR_MESSAGES}
            chooseLabel={user.avatar ? t`Choose another picture` : t`Choose a picture`}
          >
            <SavedPicture user={user} />
          </Form.File>
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
