import * as v from 'valibot'
import { EMAIL_PATTERN, FirstName, OpaqueToken, Password } from './common'
import { ROLES } from '../permissions'
import { withValues } from './message-values'
import { documents } from './json-schema-rules'

// Invites and members. Shapes shared by the API and the screens.

/** At most this many addresses in one invite call (a comma-separated list). */
export const MAX_INVITE_EMAILS = 20

const isEmail = (e: string) => e.length <= 254 && EMAIL_PATTERN.test(e)

const Role = v.picklist(ROLES, 'validation.permission.invalid')

/**
 * Invite emails are required, several separated by commas; each must be a valid address.
 * Answers the distinct addresses, lower-cased.
 */
// The document states the list as plain addresses (no quoted local part, no [IP] host: those may
// hold a separator), each at most 254 characters, 1 to MAX_INVITE_EMAILS of them.
const LOCAL_ATOM = '[^<>()[\\]\\\\.,;:\\s@"\\u0000\\uD800-\\uDFFF]+'
const PLAIN_ADDRESS = `(?=[^,;\\s]{1,254}(?:[,;\\s]|$))${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?:[a-zA-Z0-9-]+\\.)+[a-zA-Z]{2,}`
const INVITE_LIST_PATTERN = `^[,;\\s]*${PLAIN_ADDRESS}(?:[,;\\s]+${PLAIN_ADDRESS}){0,${MAX_INVITE_EMAILS - 1}}[,;\\s]*$`

export const InviteEmails = v.pipe(
  v.string('validation.email.required'),
  documents({ pattern: INVITE_LIST_PATTERN }),
  v.transform((s) => s.split(/[,;\s]+/).map((e) => e.trim().toLowerCase()).filter(Boolean)),
  v.minLength(1, 'validation.email.required'),
  v.maxLength(MAX_INVITE_EMAILS, 'validation.invite.too_many'),
  // The refusal names the first bad address, so a long list says which one to fix.
  v.check(
    (list) => list.every(isEmail),
    (issue) => withValues('validation.invite.email_invalid', { email: (issue.input as string[]).find((e) => !isEmail(e)) ?? '' }),
  ),
  v.transform((list) => [...new Set(list)]),
)

export const InviteInput = v.object({ email: InviteEmails, permission: Role })
export type InviteInput = v.InferOutput<typeof InviteInput>

export const ChangeRoleInput = v.object({ permission: Role })

const InviteId = v.pipe(v.string('validation.invite_id.required'), v.nonEmpty('validation.invite_id.required'), v.maxLength(64))

/** The link carries the invite id and its secret. */
export const InviteLinkInput = v.object({ invite_id: InviteId, token: OpaqueToken })

/** A missing field reads as its "required" message; the name is asked for as a first name. */
const missingField = (issue: v.BaseIssue<unknown>) => {
  const field = issue.path?.at(-1)?.key
  return field === 'name' ? 'validation.name.first_required' : `validation.${String(field)}.required`
}

/** POST /api/user: a new person accepts an invite. */
export const AcceptNewUserInput = v.pipe(
  v.object({
    name: FirstName,
    email: v.pipe(v.string('validation.email.required'), v.trim(), v.toLowerCase(), v.regex(EMAIL_PATTERN, 'validation.email.invalid')),
    password: Password,
    confirm_password: v.optional(v.string()),
    invite_id: InviteId,
    token: OpaqueToken,
  }, missingField),
  v.forward(
    v.check((i) => i.confirm_password === undefined || i.confirm_password === i.password, 'validation.password.mismatch'),
    ['confirm_password'],
  ),
)

/** POST /api/invite/accept: signed in, or with the existing user's email and password. */
export const AcceptExistingInput = v.object({
  invite_id: InviteId,
  token: OpaqueToken,
  email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254))),
  password: v.optional(v.pipe(v.string(), v.maxLength(200, 'validation.password.max_length'))),
})

export type MemberStatus = 'Invited' | 'Registered' | 'Verified'

export interface Member {
  id: string
  name: string
  email: string
  permission: string
  status: MemberStatus
  date_joined: string
  /** The member's picture (an /api/avatar/… or http(s) URL), or null: shown in the table. */
  avatar: string | null
}

export interface Invite {
  id: string
  email: string
  permission: string
  date_sent: string
  /** Past its 7 days: resend gives a new link. */
  expired: boolean
}

export interface TeamData {
  users: Member[]
  invites: Invite[]
}

/** GET /api/invite/{id}?token=…: what the /signup/user page shows before accepting. */
export interface InviteInfo {
  id: string
  email: string
  permission: string
  account_name: string
  inviter: string
  /** A user with this address exists: they sign in to accept rather than sign up. */
  existing_user: boolean
}

/** The /signup/user form of a person who already has a user (the password is required there). */
export const AcceptExistingForm = v.object({
  invite_id: InviteId,
  token: OpaqueToken,
  email: v.pipe(v.string('validation.email.required'), v.trim(), v.toLowerCase(), v.regex(EMAIL_PATTERN, 'validation.email.invalid')),
  password: v.pipe(v.string('validation.password.required'), v.nonEmpty('validation.password.required'), v.maxLength(200)),
})
