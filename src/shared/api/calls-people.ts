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

const INVITE_TOKEN = { token: { schema: v.pipe(v.string(), v.maxLength(200)), description: 'The invite link’s token', required: true } }

export const PEOPLE_CALLS: ApiCall[] = [
  { method: 'GET', path: '/api/user', tag: 'Profile', who: 'user', support: true, summary: 'The signed-in person, account and role' },
  {
    method: 'POST', path: '/api/user', tag: 'Team', who: 'none',
    summary: 'Accept an invite as a new person',
    input: { body: AcceptNewUserInput }, statuses: [403, 404, 429],
  },
  {
    // Step-up applies to the email change this call may carry, not to a name or a setting.
    method: 'PATCH', path: '/api/user', tag: 'Profile', who: 'user', stepUp: 'when-needed',
    summary: 'Change the name, email, language, support access or avatar',
    input: { body: UpdateUserInput, multipart: true }, statuses: [429],
  },
  {
    method: 'DELETE', path: '/api/user', tag: 'Team', who: 'user', stepUp: true,
    summary: 'Leave the account (an owner closes it instead)',
    input: { body: CloseAccountInput }, statuses: [429],
  },
  {
    method: 'DELETE', path: '/api/user/{id}', tag: 'Team', who: 'admin',
    summary: 'Remove a member (and revoke the keys they created)', input: { params: ID },
  },
  { method: 'GET', path: '/api/user/permissions', tag: 'Profile', who: 'user', support: true, summary: 'The flags each role holds' },
  {
    // Step-up applies to setting a first password; a change proves itself with the old one.
    method: 'PUT', path: '/api/user/password', tag: 'Security', who: 'user', passwordGate: true, stepUp: 'when-needed',
    summary: 'Set or change the password', input: { body: ChangePasswordInput }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/user/verify/request', tag: 'Profile', who: 'user',
    summary: 'Mail the address verification link again', statuses: [429],
  },
  {
    method: 'PUT', path: '/api/user/2fa', tag: 'Security', who: 'user', stepUp: true,
    summary: 'Turn the second factor on (start enrolment) or off', input: { body: TwoFactorToggleInput }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/user/2fa/verify', tag: 'Security', who: 'user',
    summary: 'Confirm the second factor with a first code', input: { body: TwoFactorVerifyInput }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/user/2fa/backup', tag: 'Security', who: 'user',
    summary: 'New backup codes', input: { body: BackupCodeRenewInput }, statuses: [429],
  },
  { method: 'GET', path: '/api/user/2fa/passkeys', tag: 'Security', who: 'user', summary: 'The person’s passkeys' },
  {
    // Registering a passkey starts here: the challenge is issued only after the proof.
    method: 'POST', path: '/api/user/2fa/passkeys/options', tag: 'Security', who: 'user', stepUp: true,
    summary: 'A passkey registration challenge', input: { body: PasskeyOptionsInput }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/user/2fa/passkeys', tag: 'Security', who: 'user',
    summary: 'Register a passkey', input: { body: PasskeyRegisterInput }, statuses: [429],
  },
  {
    method: 'PATCH', path: '/api/user/2fa/passkeys/{id}', tag: 'Security', who: 'user',
    summary: 'Rename a passkey', input: { params: ID, body: PasskeyRenameInput },
  },
  {
    method: 'DELETE', path: '/api/user/2fa/passkeys/{id}', tag: 'Security', who: 'user',
    summary: 'Remove a passkey', input: { params: ID },
  },
  { method: 'GET', path: '/api/account/users', tag: 'Team', who: 'admin', summary: 'Members and pending invites' },
  {
    method: 'PATCH', path: '/api/account/users/{id}', tag: 'Team', who: 'admin',
    summary: 'Change a member’s role', input: { params: ID, body: ChangeRoleInput },
  },
  {
    method: 'POST', path: '/api/invite', tag: 'Team', who: 'admin', plan: 'team',
    summary: 'Invite people by email', input: { body: InviteInput }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/invite/accept', tag: 'Team', who: 'optional',
    summary: 'Accept an invite signed in, or with email and password',
    input: { body: AcceptExistingInput }, statuses: [401, 404, 429],
  },
  {
    method: 'GET', path: '/api/invite/{id}', tag: 'Team', who: 'none',
    summary: 'What an invite link is for', input: { params: ID, query: INVITE_TOKEN }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/invite/{id}/resend', tag: 'Team', who: 'admin', plan: 'team',
    summary: 'Mail an invite again', input: { params: ID }, statuses: [429],
  },
  { method: 'DELETE', path: '/api/invite/{id}', tag: 'Team', who: 'admin', summary: 'Withdraw an invite', input: { params: ID } },
  {
    method: 'GET', path: '/api/key', tag: 'API keys', who: 'developer', plan: 'api_keys',
    summary: 'List the account’s keys', answer: KeyListAnswer,
  },
  {
    method: 'GET', path: '/api/key/scopes', tag: 'API keys', who: 'developer', plan: 'api_keys',
    summary: 'The scopes a key may have', answer: KeyScopesAnswer,
  },
  {
    method: 'GET', path: '/api/key/{id}', tag: 'API keys', who: 'developer', plan: 'api_keys',
    summary: 'Reveal a key (prefix and last four)', input: { params: KEY_ID }, answer: KeyAnswer,
  },
  {
    method: 'POST', path: '/api/key', tag: 'API keys', who: 'developer', plan: 'api_keys', stepUp: true,
    summary: 'Create a key',
    description: '`full_key` is in this answer only: store it now. An account may create a limited number of keys per 15 minutes (then 429 with `Retry-After`).',
    input: { body: CreateKeyInput }, answer: KeyCreatedAnswer, statuses: [429],
  },
  {
    method: 'PATCH', path: '/api/key/{id}', tag: 'API keys', who: 'developer', plan: 'api_keys',
    summary: 'Rename, re-scope or revoke a key',
    description: 'Revoking (`active: false`) cannot be undone; `active: true` on a revoked key is 400.',
    input: { params: KEY_ID, body: UpdateKeyInput }, answer: KeyUpdatedAnswer,
  },
  {
    method: 'DELETE', path: '/api/key', tag: 'API keys', who: 'developer', plan: 'api_keys',
    summary: 'Delete keys (bulk)',
    description: 'Ids that are not the account’s keys are ignored; `deleted` counts the keys removed.',
    input: { body: DeleteKeysInput }, answer: KeysDeletedAnswer,
  },
  {
    method: 'GET', path: '/api/support/sessions', tag: 'Support', who: 'user', support: true,
    summary: 'The support sessions opened as you, newest first',
    description: 'Each `{ id, staff_name, started_at, ended_at }`; `ended_at` is null while one is open.',
    answer: v.object({
      data: v.array(v.object({ id: v.string(), staff_name: v.string(), started_at: v.string(), ended_at: v.nullable(v.string()) })),
    }),
  },
  {
    method: 'GET', path: '/api/support/users', tag: 'Support', who: 'staff',
    summary: 'People who turned support access on',
    input: { query: { search: { schema: v.pipe(v.string(), v.maxLength(200)), description: 'Name, email or account' } } },
  },
  {
    method: 'POST', path: '/api/support/impersonate', tag: 'Support', who: 'staff',
    summary: 'A single-use support sign-in token for a person', input: { body: StartImpersonationInput },
  },
]
