import { Hono } from 'hono'
import {
  BackupCodeRenewInput,
  TwoFactorToggleInput,
  TwoFactorVerifyInput,
  type TwoFactorEnrolment,
} from '~/shared/schemas/two-factor'
import { readBody, t, type AppEnv, type Ctx } from '../context'
import { ApiError } from '../lib/errors'
import { ipLimit } from '../middleware/rate-limit'
import {
  newBackupCode,
  newEnrolment,
  replaceBackupCode,
  storePendingSecret,
  turnOffTwoFactor,
  turnOnTwoFactor,
  useSecondFactor,
  useTotpCode,
} from '../services/two-factor'
import { recordEvent } from '../services/events'
import { revokeUserSessions } from '../services/sessions'
import { mailSecurityNotice } from '../services/security-notice'
import { sessionUser } from '../services/users'
import { passkeyManagement } from './passkeys'
import { clearSignInAttempts, countSignInAttempt } from '../middleware/sign-in-limit'
import { verifyCurrentPassword } from './auth'

// Two-factor setup: PUT /api/user/2fa and POST /api/user/2fa/verify (decision 30). Wrong codes
// count toward the sign-in limit like wrong passwords. A support session is
// refused both calls (middleware/impersonation-guard.ts).

export const twoFactor = new Hono<AppEnv>()

twoFactor.route('/passkeys', passkeyManagement)

/** A code that was wrong or already used is a 400 on `field`; a good one clears the count. */
export function refuseBadCode(result: string, field: string) {
  if (result === 'used') throw new ApiError(400, 'auth.otp_used', { inputError: field })
  if (result === 'wrong') throw new ApiError(400, 'auth.otp_invalid', { inputError: field })
}

/**
 * A security change's proof: a code (`check` decides which kinds count; wrong ones count toward
 * the sign-in limit) or the current password; neither is a 400 on `code`.
 */
async function requireProof(
  c: Ctx,
  input: { code?: string; password?: string },
  check: (code: string) => Promise<string>,
  missing: 'twofa.proof_required' | 'twofa.backup_proof_required',
) {
  const user = c.var.auth.user
  if (input.code) {
    await countSignInAttempt(c, user.email)
    refuseBadCode(await check(input.code), 'code')
    await clearSignInAttempts(c, user.email)
  } else if (input.password) {
    await verifyCurrentPassword(c, user, input.password, 'password')
  } else {
    throw new ApiError(400, missing, { inputError: 'code' })
  }
}

async function record(c: Ctx, name: string) {
  const { auth, deps } = c.var
  await recordEvent(deps.db, { name, userId: auth.user.id, accountId: auth.account.id })
}

twoFactor.put('/', ipLimit('auth'), async (c) => {
  const input = await readBody(c, TwoFactorToggleInput)
  const { auth, deps } = c.var
  const user = auth.user
  if (input['2fa_enabled']) {
    // On already: a new secret now would replace the phone's without proof. Turn off first.
    if (user.twoFactorEnabled) throw new ApiError(400, 'twofa.already_enabled', { inputError: '2fa_enabled' })
    const enrolment = await newEnrolment(user.email)
    // Pending until a code proves the phone has it (POST /verify); a new set-up replaces it.
    await storePendingSecret(deps, user.id, enrolment.secret)
    const data: TwoFactorEnrolment = {
      qr_code: enrolment.qrCode,
      otpauth_url: enrolment.otpauthUrl,
      secret: enrolment.secret,
    }
    return c.json({ data })
  }
  if (user.twoFactorEnabled) {
    // Off needs a current code (or the backup code) or the password.
    await requireProof(c, input, (code) => useSecondFactor(deps, user, code), 'twofa.proof_required')
  }
  const updated = await turnOffTwoFactor(deps.db, user.id)
  if (user.twoFactorEnabled) {
    await record(c, '2fa_disabled')
    mailSecurityNotice(deps, user, '2fa_disabled')
  }
  return c.json({ message: t(c, 'twofa.disabled'), data: await sessionUser(deps.db, { ...auth, user: updated! }) })
})

twoFactor.post('/verify', ipLimit('auth'), async (c) => {
  const { code } = await readBody(c, TwoFactorVerifyInput)
  const { auth, deps } = c.var
  const user = auth.user
  if (user.twoFactorEnabled) throw new ApiError(400, 'twofa.already_enabled', { inputError: 'code' })
  if (!user.totpSecret) throw new ApiError(400, 'twofa.not_started', { inputError: 'code' })
  await countSignInAttempt(c, user.email)
  refuseBadCode(await useTotpCode(deps, user, code), 'code')
  await clearSignInAttempts(c, user.email)
  // Shown once: only its hash is kept (secrets are stored the way they are checked).
  const backupCode = newBackupCode()
  await turnOnTwoFactor(deps.db, user.id, backupCode)
  // A session opened before the second factor was asked for (perhaps by whoever made us turn it
  // on) must not outlive it: the other devices sign in again, now with a code.
  await revokeUserSessions(deps.db, user.id, auth.sessionId)
  await record(c, '2fa_enabled')
  mailSecurityNotice(deps, user, '2fa_enabled')
  return c.json({ message: t(c, 'twofa.enabled'), data: { backup_code: backupCode } })
})

// The backup code is single use; a reader who used it, or lost it, makes a new one
// here. The old one stops working. Proof is a current code from the app or the password, never
// the backup code being replaced.
twoFactor.post('/backup', ipLimit('auth'), async (c) => {
  const input = await readBody(c, BackupCodeRenewInput)
  const { auth, deps } = c.var
  const user = auth.user
  if (!user.twoFactorEnabled) throw new ApiError(400, 'twofa.not_enabled', { inputError: 'code' })
  await requireProof(c, input, (code) => useTotpCode(deps, user, code), 'twofa.backup_proof_required')
  const backupCode = newBackupCode()
  await replaceBackupCode(deps.db, user.id, backupCode)
  await record(c, '2fa_backup_renewed')
  return c.json({ message: t(c, 'twofa.backup_renewed'), data: { backup_code: backupCode } })
})
