import { Hono } from 'hono'
import * as v from 'valibot'
import { OtpInput } from '~/shared/schemas/auth'
import { readBody, type AppEnv, type Ctx } from '../context'
import { ApiError } from '../lib/errors'
import { ipLimit } from '../middleware/rate-limit'
import type { SignInMethod } from '../services/notifications'
import { readToken } from '../services/sessions'
import { useSecondFactor } from '../services/two-factor'
import { acceptInvite, afterJoin, liveInvite } from '../services/team'
import { consumeToken, createAccountFor, findUserById, isLiveToken, userAccounts, type UserRow } from '../services/users'
import { clearSignInAttempts, countSignInAttempt } from '../middleware/sign-in-limit'
import { completeSession, type PendingAction } from './auth'
import { refuseBadCode } from './two-factor'

// POST /api/auth/otp {code, jwt} (decision 30). The jwt is the pending token a
// sign-in answered with `2fa_required` (5 minutes, purpose '2fa': no other call takes it). A
// current code (±1 step) or the backup code (once) answers like a sign-in; a code already used
// is a 400; every wrong code counts toward the sign-in limit of the address (429 past it).

const Pending = v.object({
  sub: v.string(),
  acc: v.nullish(v.string()),
  dup: v.optional(v.boolean()),
  m: v.optional(v.picklist(['password', 'magic_link', 'email_link', 'password_reset', 'signin_token', 'social'])),
  p: v.string(),
  do: v.optional(
    v.variant('k', [
      v.object({ k: v.literal('signup'), name: v.string() }),
      v.object({ k: v.literal('invite'), id: v.string(), t: v.string() }),
    ]),
  ),
})

/**
 * Does what the password alone was not allowed to (decisions: second factor first) and answers
 * the account the session opens in: a sign-up's new account, or the account of the invite.
 */
async function act(c: Ctx, user: UserRow, action: PendingAction): Promise<string> {
  const deps = c.var.deps
  if (action.k === 'signup') return createAccountFor(deps.db, user.id, action.name)
  const found = await liveInvite(deps.db, action.id, action.t)
  await deps.db.transaction((tx) => acceptInvite(tx, found, user))
  await afterJoin(deps, found, user)
  return found.accountId
}

export const authOtp = new Hono<AppEnv>().post('/', ipLimit('auth'), async (c) => {
  const { code, jwt } = await readBody(c, OtpInput)
  const deps = c.var.deps
  const payload = v.safeParse(Pending, await readToken(deps, jwt, '2fa'))
  // Expired, forged or not a pending token: the sign-in starts again (401).
  if (!payload.success) throw new ApiError(401, 'auth.otp_expired', { inputError: 'jwt' })
  const pending = payload.output
  const user = await findUserById(deps.db, pending.sub)
  const expired = () => new ApiError(401, 'auth.otp_expired', { inputError: 'jwt' })
  // A pending token dies with the user's sessions (a password reset, say): its row is used up.
  if (!user || user.disabled || !user.twoFactorEnabled || !(await isLiveToken(deps.db, '2fa_pending', pending.p))) {
    throw expired()
  }
  await countSignInAttempt(c, user.email)
  const result = await useSecondFactor(deps, user, code)
  refuseBadCode(result, 'code')
  await clearSignInAttempts(c, user.email)
  // Good once: two requests racing with one pending token cannot both go on.
  if (!(await consumeToken(deps.db, '2fa_pending', pending.p))) throw expired()
  const acted = pending.do ? await act(c, user, pending.do) : undefined
  const method: SignInMethod = pending.m ?? 'password'
  // The account the first factor chose (a duplicate sign-up's new one), if the user is still in it.
  const member = pending.acc && (await userAccounts(deps.db, user.id)).some((a) => a.id === pending.acc)
  const data = await completeSession(c, user, {
    method,
    accountId: acted ?? (member ? pending.acc! : undefined),
    duplicateUser: pending.dup || pending.do?.k === 'signup',
    secondFactor: result === 'backup' ? 'backup_code' : 'totp',
  })
  return c.json({ data })
})
