import * as v from 'valibot'
import { Email, isHttpUrl, Locale, Name, Password } from './common'
import { documents, HTTP_URL_PATTERN } from './json-schema-rules'

/**
 * Avatar upload: the largest file taken,
 * the image types taken (checked by content on the server), and the square side it is stored at.
 */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const
export const AVATAR_SIZE = 256

/** An image address (http or https only); '' or null clears it. */
const Avatar = v.pipe(
  v.nullable(
    v.pipe(
      v.string('validation.avatar.invalid'),
      documents({ maxLength: 2048, pattern: `^$|${HTTP_URL_PATTERN}` }),
      v.trim(),
      v.maxLength(2048, 'validation.avatar.invalid'),
      v.check((s) => s === '' || isHttpUrl(s), 'validation.avatar.invalid'),
    ),
  ),
  v.transform((s) => (s === '' ? null : s)),
)

export const UpdateUserInput = v.pipe(
  v.strictObject(
    {
      name: v.optional(Name),
      email: v.optional(Email),
      avatar: v.optional(Avatar),
      account_name: v.optional(Name),
      default_account: v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(64))),
      support_enabled: v.optional(v.boolean()),
      onboarded: v.optional(v.boolean()),
      dark_mode: v.optional(v.boolean()),
      locale: v.optional(Locale),
      // The current password, asked for when `email` changes (re-authentication: a session alone
      // cannot move the account to another address). Ignored for other changes.
      password: v.optional(v.pipe(v.string(), v.maxLength(200, 'validation.password.max_length'))),
    },
    'validation.user.unknown_field',
  ),
)
export type UpdateUserInput = v.InferOutput<typeof UpdateUserInput>

/**
 * PUT /api/user/password. The old password is needed only when one exists;
 * `has_password` is the client's view and is not trusted: the server checks its own record.
 */
export const ChangePasswordInput = v.strictObject(
  {
    oldpassword: v.optional(v.pipe(v.string(), v.maxLength(200, 'validation.password.max_length'))),
    has_password: v.optional(v.boolean()),
    newpassword: Password,
  },
  'validation.user.unknown_field',
)
export type ChangePasswordInput = v.InferOutput<typeof ChangePasswordInput>

/** The user fields as the API answers them (flat, inside `data`). */
export interface SessionUser {
  id: string
  name: string
  email: string
  avatar: string | null
  slug: string | null
  plan: string | null
  permission: string
  has_password: boolean
  '2fa_enabled': boolean
  support_enabled: boolean
  verified: boolean
  onboarded: boolean
  locale: 'en' | 'es'
  dark_mode: boolean
  account_id: string
  accounts: { id: string; name: string; slug: string | null; permission: string }[]
  default_account: string | null
  account_name: string
  duplicate_user: boolean
  last_login: string | null
  subscription: string | null
  /** This session is a support session (a master signed in as this user). */
  impersonating: boolean
  /** Support staff: may open the support screen (README `npm run master`). */
  master: boolean
}

export interface SignInData extends SessionUser {
  token: string
}
