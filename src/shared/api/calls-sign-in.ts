import * as v from 'valibot'
import { EmailInput, OtpInput, PasswordResetInput, SignInInput, SignUpInput, SwitchAccountInput, TokenInput } from '../schemas/auth'
import { PasskeySignInInput } from '../schemas/passkey'
import type { ApiCall } from './types'

// Signing up, in and out, and the links and codes that prove a person. Most need no session;
// a support session may only ask whether it is one, end itself, or sign out.

const PROVIDER = { provider: { schema: v.pipe(v.string(), v.maxLength(64)), description: /*i18n*/ { id: 'api.param.provider', message: 'The social provider’s id' } } }

export const SIGN_IN_CALLS: ApiCall[] = [
  {
    method: 'POST', path: '/api/account', tag: 'Sign-in', who: 'none', passwordGate: true,
    summary: /*i18n*/ { id: 'api.summary.POST /api/account', message: 'Sign up: a new person and account' },
    input: { body: SignUpInput }, statuses: [401],
  },
  {
    method: 'GET', path: '/api/auth', tag: 'Sign-in', who: 'optional', support: true,
    summary: /*i18n*/ { id: 'api.summary.GET /api/auth', message: 'Is this token a live session? (and a refreshed one)' },
  },
  {
    method: 'POST', path: '/api/auth', tag: 'Sign-in', who: 'none', passwordGate: true,
    summary: /*i18n*/ { id: 'api.summary.POST /api/auth', message: 'Sign in with email and password' },
    input: { body: SignInInput }, statuses: [401],
  },
  {
    method: 'DELETE', path: '/api/auth', tag: 'Sign-in', who: 'optional', support: true,
    summary: /*i18n*/ { id: 'api.summary.DELETE /api/auth', message: 'Sign out (ends a support session too)' },
  },
  {
    method: 'POST', path: '/api/auth/switch', tag: 'Sign-in', who: 'user',
    summary: /*i18n*/ { id: 'api.summary.POST /api/auth/switch', message: 'Switch to another account of the same person' },
    input: { body: SwitchAccountInput }, statuses: [404],
  },
  {
    method: 'POST', path: '/api/auth/magic', tag: 'Sign-in', who: 'none',
    summary: /*i18n*/ { id: 'api.summary.POST /api/auth/magic', message: 'Mail a sign-in link' },
    input: { body: EmailInput }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/auth/magic/verify', tag: 'Sign-in', who: 'none',
    summary: /*i18n*/ { id: 'api.summary.POST /api/auth/magic/verify', message: 'Sign in with a mailed link’s token' },
    input: { body: TokenInput }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/auth/password/reset/request', tag: 'Sign-in', who: 'none',
    summary: /*i18n*/ { id: 'api.summary.POST /api/auth/password/reset/request', message: 'Mail a password reset link' },
    input: { body: EmailInput }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/auth/password/reset', tag: 'Sign-in', who: 'none', passwordGate: true,
    summary: /*i18n*/ { id: 'api.summary.POST /api/auth/password/reset', message: 'Set a new password with a reset link’s token' },
    input: { body: PasswordResetInput }, statuses: [404],
  },
  {
    method: 'POST', path: '/api/auth/otp', tag: 'Sign-in', who: 'none',
    summary: /*i18n*/ { id: 'api.summary.POST /api/auth/otp', message: 'Give the second factor’s code after a password' },
    input: { body: OtpInput }, statuses: [401, 429],
  },
  {
    method: 'POST', path: '/api/auth/passkey/options', tag: 'Sign-in', who: 'none',
    summary: /*i18n*/ { id: 'api.summary.POST /api/auth/passkey/options', message: 'A passkey sign-in challenge' }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/auth/passkey', tag: 'Sign-in', who: 'none',
    summary: /*i18n*/ { id: 'api.summary.POST /api/auth/passkey', message: 'Sign in with a passkey' },
    input: { body: PasskeySignInInput }, statuses: [401, 429],
  },
  {
    method: 'GET', path: '/api/auth/social', tag: 'Sign-in', who: 'none', support: true,
    summary: /*i18n*/ { id: 'api.summary.GET /api/auth/social', message: 'The social sign-in providers' },
  },
  {
    method: 'GET', path: '/api/auth/social/{provider}', tag: 'Sign-in', who: 'none',
    summary: /*i18n*/ { id: 'api.summary.GET /api/auth/social/{provider}', message: 'Go to the provider to sign in' }, produces: 'redirect',
    input: { params: PROVIDER }, status: 302, statuses: [429],
  },
  {
    method: 'GET', path: '/api/auth/social/{provider}/callback', tag: 'Sign-in', who: 'none',
    summary: /*i18n*/ { id: 'api.summary.GET /api/auth/social/{provider}/callback', message: 'Where the provider sends the browser back' }, produces: 'redirect',
    input: { params: PROVIDER, query: { code: { schema: v.string(), description: /*i18n*/ { id: 'api.param.provider_code', message: 'The provider’s code' } }, state: { schema: v.string(), description: /*i18n*/ { id: 'api.param.provider_state', message: 'The flow’s state' } } } },
    status: 302, statuses: [429],
  },
  {
    method: 'POST', path: '/api/auth/impersonate', tag: 'Support', who: 'none',
    summary: /*i18n*/ { id: 'api.summary.POST /api/auth/impersonate', message: 'Open a support session with a support sign-in token' },
    input: { body: TokenInput }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/auth/impersonate/stop', tag: 'Support', who: 'user', support: true,
    summary: /*i18n*/ { id: 'api.summary.POST /api/auth/impersonate/stop', message: 'End this support session (answers the staff member’s own session)' },
    statuses: [400],
  },
  {
    method: 'POST', path: '/api/user/verify', tag: 'Sign-in', who: 'optional',
    summary: /*i18n*/ { id: 'api.summary.POST /api/user/verify', message: 'Verify the address with a mailed link’s token' },
    input: { body: TokenInput }, statuses: [429],
  },
  {
    method: 'POST', path: '/api/user/email/revert', tag: 'Security', who: 'none',
    summary: /*i18n*/ { id: 'api.summary.POST /api/user/email/revert', message: 'Undo an email change from the link mailed to the old address' },
    input: { body: TokenInput }, statuses: [403, 429],
  },
]
