import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as v from 'valibot'
import { OtpInput } from '~/shared/schemas/auth'
import { readBody, type AppEnv } from '../context'
import { users } from '../db/schema'
import { ApiError } from '../lib/errors'
import { ipLimit } from '../middleware/rate-limit'
import type { SignInMethod } from '../services/notifications'
import { readToken } from '../services/sessions'
import { useSecondFactor } from '../services/two-factor'
import { userAccounts } from '../services/users'
import { clearSignInAttempts, completeSession, countSignInAttempt } from './auth'
import { refuseBadCode } from './two-factor'

// spec §7 POST /api/auth/otp {code, jwt}; decisions §9, §13. The jwt is the pending token a
// sign-in answered with `2fa_required` (5 minutes, purpose '2fa': no other call takes it). A
// current code (±1 step) or the backup code (once) answers like a sign-in; a code already used
// is a 400; every wrong code counts toward the sign-in limit of the address (429 past it).

const Pending = v.object({
  sub: v.string(),
  acc: v.nullish(v.string()),
  dup: v.optional(v.boolean()),
  m: v.optional(v.picklist(['password', 'magic_link', 'email_link', 'password_reset', 'signin_token', 'social'])),
})

export const authOtp = new Hono<AppEnv>().post('/', ipLimit('auth'), async (c) => {
  const { code, jwt } = await readBody(c, OtpInput)
  const deps = c.var.deps
  const payload = v.safeParse(Pending, await readToken(deps, jwt, '2fa'))
  // Expired, forged or not a pending token: the sign-in starts again (401).
  if (!payload.success) throw new ApiError(401, 'auth.otp_expired', { inputError: 'jwt' })
  const pending = payload.output
  const [user] = await deps.db.select().from(users).where(eq(users.id, pending.sub))
  if (!user || user.disabled || !user.twoFactorEnabled)
    throw new ApiError(401, 'auth.otp_expired', { inputError: 'jwt' })
  await countSignInAttempt(c, user.email)
  const result = await useSecondFactor(deps, user, code)
  refuseBadCode(result, 'code')
  await clearSignInAttempts(c, user.email)
  const method: SignInMethod = pending.m ?? 'password'
  // The account the first factor chose (a duplicate sign-up's new one), if the user is still in it.
  const member = pending.acc && (await userAccounts(deps.db, user.id)).some((a) => a.id === pending.acc)
  const data = await completeSession(c, user, {
    method,
    accountId: member ? pending.acc! : undefined,
    duplicateUser: pending.dup,
    secondFactor: result === 'backup' ? 'backup_code' : 'totp',
  })
  return c.json({ data })
})
