import * as v from 'valibot'
import { CloseAccountInput } from '../schemas/account'
import { PasskeyOptionsInput, PasskeyRegisterInput, PasskeyRenameInput } from '../schemas/passkey'
import { AcceptExistingInput, AcceptNewUserInput, ChangeRoleInput, InviteInput } from '../schemas/team'
import { BackupCodeRenewInput, StartImpersonationInput, TwoFactorToggleInput, TwoFactorVerifyInput } from '../schemas/two-factor'
import { ChangePasswordInput, UpdateUserInput } from '../schemas/user'
import { CreateKeyInput, DeleteKeysInput, UpdateKeyInput } from '../schemas/key'
import { KeyAnswer, KeyCreatedAnswer, KeyListAnswer, KeyScopesAnswer, KeysDeletedAnswer, KeyUpdatedAnswer } from './answers'
import { ID, KEY_ID } from './params'
import type { ApiCall } from './types'

// The person (profile, password, second factor, passkeys), the team (members and invites), API
// keys and the support desk. A support session may read these, never change them.

const INVITE_TOKEN = { token: { schema: v.pipe(v.string(), v.maxLength(200)), description: /*i18n*/ { id: 'api.param.invite_token', message: 'The invite link’s token' }, required: true } }

export const PEOPLE_CALLS: ApiCall[] = [
  { method: 'GET', path: '/api/user', tag: 'Profile', who: 'user', support: true, summary: /*i18n*/ { id: 'api.summary.GET /api/user', message: 'The signed-in person, account and role' } },
  {
    method: 'POST', path: '/api/user', tag: 'Team', who: 'none',
    summary: /*i18n*/ { id: 'api.summary.POST /api/user', message: 'Accept an invite as a new person' },
    input: { body: AcceptNewUserInput }, statuses: [403, 404, 429],
  },
  {
    // Step-up applies to the email change this call may carry, not to a name or a setting.
    method: 'PATCH', path: '/api/user', tag: 'Profile', who: 'user', stepUp: 'when-needed',
    summary: /*i18n*/ { id: 'api.summary.PATCH /api/user', message: 'Change the name, email, language, support access or avatar' },
    input: { body: UpdateUserInput, multipart: true }, statuses: [429],
  },
  {
    method: 'DELETE', path: '/api/user', tag: 'Team', who: 'user', stepUp: true,
    summary: /*i18n*/ { id: 'api.summary.DELETE /api/user', message: 'Leave the account (an owner closes it instead)' },
    input: { body: CloseAccountInput }, statuses: [429],
  },
  {
    method: 'DELETE', path: '/api/user/{id}', tag: 'Team', who: 'admin',
    summary: /*i18n*/ { id: 'api.summary.DELETE /api/user/{id}', message: 'Remove a member (and revoke the keys they created)' }, input: { params: ID },
  },
  { method: 'GET', path: '/api/user/permissions', tag: 'Profile', who: 'user', support: true, summary: /*i18n*/ { id: 'api.summary.GET /api/user/permissions', message: 'The flags each role holds' } },
  {
    // Step-up applies to setting a first password; a change proves itself with the old one.
    method: 'PUT', path: '/api/user/password', tag: 'Security', who: 'user', passwordGate: true, stepUp: 'when-needed',
    summary: /*i18n*/ { id: 'api.summary.PUT /api/user/password', message: 'Set or change the password' }, input: { body: ChangePasswordInput }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/user/verify/request', tag: 'Profile', who: 'user',
    summary: /*i18n*/ { id: 'api.summary.POST /api/user/verify/request', message: 'Mail the address verification link again' }, statuses: [429],
  },
  {
    method: 'PUT', path: '/api/user/2fa', tag: 'Security', who: 'user', stepUp: true,
    summary: /*i18n*/ { id: 'api.summary.PUT /api/user/2fa', message: 'Turn the second factor on (start enrolment) or off' }, input: { body: TwoFactorToggleInput }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/user/2fa/verify', tag: 'Security', who: 'user',
    summary: /*i18n*/ { id: 'api.summary.POST /api/user/2fa/verify', message: 'Confirm the second factor with a first code' }, input: { body: TwoFactorVerifyInput }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/user/2fa/backup', tag: 'Security', who: 'user',
    summary: /*i18n*/ { id: 'api.summary.POST /api/user/2fa/backup', message: 'New backup codes' }, input: { body: BackupCodeRenewInput }, statuses: [429],
  },
  { method: 'GET', path: '/api/user/2fa/passkeys', tag: 'Security', who: 'user', summary: /*i18n*/ { id: 'api.summary.GET /api/user/2fa/passkeys', message: 'The person’s passkeys' } },
  {
    // Registering a passkey starts here: the challenge is issued only after the proof.
    method: 'POST', path: '/api/user/2fa/passkeys/options', tag: 'Security', who: 'user', stepUp: true,
    summary: /*i18n*/ { id: 'api.summary.POST /api/user/2fa/passkeys/options', message: 'A passkey registration challenge' }, input: { body: PasskeyOptionsInput }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/user/2fa/passkeys', tag: 'Security', who: 'user',
    summary: /*i18n*/ { id: 'api.summary.POST /api/user/2fa/passkeys', message: 'Register a passkey' }, input: { body: PasskeyRegisterInput }, statuses: [429],
  },
  {
    method: 'PATCH', path: '/api/user/2fa/passkeys/{id}', tag: 'Security', who: 'user',
    summary: /*i18n*/ { id: 'api.summary.PATCH /api/user/2fa/passkeys/{id}', message: 'Rename a passkey' }, input: { params: ID, body: PasskeyRenameInput },
  },
  {
    method: 'DELETE', path: '/api/user/2fa/passkeys/{id}', tag: 'Security', who: 'user',
    summary: /*i18n*/ { id: 'api.summary.DELETE /api/user/2fa/passkeys/{id}', message: 'Remove a passkey' }, input: { params: ID },
  },
  { method: 'GET', path: '/api/account/users', tag: 'Team', who: 'admin', summary: /*i18n*/ { id: 'api.summary.GET /api/account/users', message: 'Members and pending invites' } },
  {
    method: 'PATCH', path: '/api/account/users/{id}', tag: 'Team', who: 'admin',
    summary: /*i18n*/ { id: 'api.summary.PATCH /api/account/users/{id}', message: 'Change a member’s role' }, input: { params: ID, body: ChangeRoleInput },
  },
  {
    method: 'POST', path: '/api/invite', tag: 'Team', who: 'admin', plan: 'team',
    summary: /*i18n*/ { id: 'api.summary.POST /api/invite', message: 'Invite people by email' }, input: { body: InviteInput }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/invite/accept', tag: 'Team', who: 'optional',
    summary: /*i18n*/ { id: 'api.summary.POST /api/invite/accept', message: 'Accept an invite signed in, or with email and password' },
    input: { body: AcceptExistingInput }, statuses: [401, 404, 429],
  },
  {
    method: 'GET', path: '/api/invite/{id}', tag: 'Team', who: 'none',
    summary: /*i18n*/ { id: 'api.summary.GET /api/invite/{id}', message: 'What an invite link is for' }, input: { params: ID, query: INVITE_TOKEN }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/invite/{id}/resend', tag: 'Team', who: 'admin', plan: 'team',
    summary: /*i18n*/ { id: 'api.summary.POST /api/invite/{id}/resend', message: 'Mail an invite again' }, input: { params: ID }, statuses: [429],
  },
  { method: 'DELETE', path: '/api/invite/{id}', tag: 'Team', who: 'admin', summary: /*i18n*/ { id: 'api.summary.DELETE /api/invite/{id}', message: 'Withdraw an invite' }, input: { params: ID } },
  {
    method: 'GET', path: '/api/key', tag: 'API keys', who: 'developer', plan: 'api_keys',
    summary: /*i18n*/ { id: 'api.summary.GET /api/key', message: 'List the account’s keys' }, answer: KeyListAnswer,
  },
  {
    method: 'GET', path: '/api/key/scopes', tag: 'API keys', who: 'developer', plan: 'api_keys',
    summary: /*i18n*/ { id: 'api.summary.GET /api/key/scopes', message: 'The scopes a key may have' }, answer: KeyScopesAnswer,
  },
  {
    method: 'GET', path: '/api/key/{id}', tag: 'API keys', who: 'developer', plan: 'api_keys',
    summary: /*i18n*/ { id: 'api.summary.GET /api/key/{id}', message: 'Reveal a key (prefix and last four)' }, input: { params: KEY_ID }, answer: KeyAnswer,
  },
  {
    method: 'POST', path: '/api/key', tag: 'API keys', who: 'developer', plan: 'api_keys', stepUp: true,
    summary: /*i18n*/ { id: 'api.summary.POST /api/key', message: 'Create a key' },
    description: /*i18n*/ { id: 'api.description.POST /api/key', message: '`full_key` is in this answer only: store it now. An account may create a limited number of keys per 15 minutes (then 429 with `Retry-After`).' },
    input: { body: CreateKeyInput }, answer: KeyCreatedAnswer, statuses: [429],
  },
  {
    method: 'PATCH', path: '/api/key/{id}', tag: 'API keys', who: 'developer', plan: 'api_keys',
    summary: /*i18n*/ { id: 'api.summary.PATCH /api/key/{id}', message: 'Rename, re-scope or revoke a key' },
    description: /*i18n*/ { id: 'api.description.PATCH /api/key/{id}', message: 'Revoking (`active: false`) cannot be undone; `active: true` on a revoked key is 400.' },
    input: { params: KEY_ID, body: UpdateKeyInput }, answer: KeyUpdatedAnswer,
  },
  {
    method: 'DELETE', path: '/api/key', tag: 'API keys', who: 'developer', plan: 'api_keys',
    summary: /*i18n*/ { id: 'api.summary.DELETE /api/key', message: 'Delete keys (bulk)' },
    description: /*i18n*/ { id: 'api.description.DELETE /api/key', message: 'Ids that are not the account’s keys are ignored; `deleted` counts the keys removed.' },
    input: { body: DeleteKeysInput }, answer: KeysDeletedAnswer,
  },
  {
    method: 'GET', path: '/api/support/sessions', tag: 'Support', who: 'user', support: true,
    summary: /*i18n*/ { id: 'api.summary.GET /api/support/sessions', message: 'The support sessions opened as you, newest first' },
    description: /*i18n*/ { id: 'api.description.GET /api/support/sessions', message: "Each `'{ id, staff_name, started_at, ended_at }'`; `ended_at` is null while one is open." },
    answer: v.object({
      data: v.array(v.object({ id: v.string(), staff_name: v.string(), started_at: v.string(), ended_at: v.nullable(v.string()) })),
    }),
  },
  {
    method: 'GET', path: '/api/support/users', tag: 'Support', who: 'staff',
    summary: /*i18n*/ { id: 'api.summary.GET /api/support/users', message: 'People who turned support access on' },
    input: { query: { search: { schema: v.pipe(v.string(), v.maxLength(200)), description: /*i18n*/ { id: 'api.param.support_search', message: 'Name, email or account' } } } },
  },
  {
    method: 'POST', path: '/api/support/impersonate', tag: 'Support', who: 'staff',
    summary: /*i18n*/ { id: 'api.summary.POST /api/support/impersonate', message: 'A single-use support sign-in token for a person' }, input: { body: StartImpersonationInput },
  },
]
