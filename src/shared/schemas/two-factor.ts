import * as v from 'valibot'

// Second factor and support access (decisions 30 and 59): the inputs of PUT /api/user/2fa,
// POST /api/user/2fa/verify, POST /api/auth/otp (auth.ts OtpInput) and the support calls.

/** A one-time code is exactly 6 digits. */
export const OtpCode = v.pipe(
  v.string('validation.otp.required'),
  v.trim(),
  v.nonEmpty('validation.otp.required'),
  v.regex(/^\d{6}$/, 'validation.otp.invalid'),
)

/** PUT /api/user/2fa: on answers the QR code; off needs a current code or the password. */
export const TwoFactorToggleInput = v.strictObject(
  {
    '2fa_enabled': v.boolean('validation.2fa_enabled.invalid'),
    code: v.optional(v.pipe(v.string('validation.otp.invalid'), v.trim(), v.maxLength(40, 'validation.otp.invalid'))),
    password: v.optional(v.pipe(v.string(), v.maxLength(200, 'validation.password.max_length'))),
  },
  'validation.user.unknown_field',
)
export type TwoFactorToggleInput = v.InferOutput<typeof TwoFactorToggleInput>

export const TwoFactorVerifyInput = v.object({ code: OtpCode })

/** POST /api/user/2fa/backup: a new backup code, proven by a current code or the password. */
export const BackupCodeRenewInput = v.strictObject(
  {
    code: v.optional(OtpCode),
    password: v.optional(v.pipe(v.string(), v.maxLength(200, 'validation.password.max_length'))),
  },
  'validation.user.unknown_field',
)
export type BackupCodeRenewInput = v.InferOutput<typeof BackupCodeRenewInput>

/** The answer of PUT /api/user/2fa {2fa_enabled: true}. */
export interface TwoFactorEnrolment {
  qr_code: string
  otpauth_url: string
  secret: string
}

/** POST /api/support/impersonate: a master asks for a support sign-in token for this user. */
export const StartImpersonationInput = v.object({
  user_id: v.pipe(v.string('validation.user_id.required'), v.trim(), v.nonEmpty('validation.user_id.required'), v.maxLength(64)),
})

/** GET /api/support/users rows: people who turned support access on. */
export interface SupportUser {
  id: string
  name: string
  email: string
  accounts: { id: string; name: string }[]
  two_factor: boolean
  last_login: string | null
}

/**
 * GET /api/support/sessions rows: the support sessions opened as the signed-in person, newest
 * first; `ended_at` is null while one is still open.
 */
export interface SupportSessionView {
  id: string
  staff_name: string
  started_at: string
  ended_at: string | null
}
