import { mergeUser } from '~/client/db'
import { send } from '~/client/lib/http'
import type { SignInResponse } from '~/client/lib/session'
import type { TwoFactorEnrolment } from '~/shared/schemas/two-factor'
import type { SessionUser } from '~/shared/schemas/user'

// The two-factor calls. Online only: forms block them offline.

/** POST /api/auth/otp {code, jwt}: the second step of a sign-in; answers like a sign-in. */
export const submitOtp = (jwt: string, code: string) => send<SignInResponse>('post', 'auth/otp', { code, jwt })

/** PUT /api/user/2fa {2fa_enabled: true}: a new secret, its QR code and otpauth URL. */
export async function startSetup() {
  const res = await send<TwoFactorEnrolment>('put', 'user/2fa', { '2fa_enabled': true })
  return res.data!
}

/** POST /api/user/2fa/verify {code}: turns 2FA on; answers the backup code, shown once. */
export async function confirmSetup(code: string) {
  const res = await send<{ backup_code: string }>('post', 'user/2fa/verify', { code })
  await mergeUser({ '2fa_enabled': true })
  return res
}

/** PUT /api/user/2fa {2fa_enabled: false, code | password}. */
export async function turnOff(proof: { code: string } | { password: string }) {
  const res = await send<SessionUser>('put', 'user/2fa', { '2fa_enabled': false, ...proof })
  await mergeUser({ '2fa_enabled': false })
  return res
}

/** POST /api/user/2fa/backup {code | password}: a new backup code, shown once; the old one stops working. */
export const renewBackupCode = (proof: { code: string } | { password: string }) =>
  send<{ backup_code: string }>('post', 'user/2fa/backup', proof)
