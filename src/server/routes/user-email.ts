import { Hono } from 'hono'
import { TokenInput } from '~/shared/schemas/auth'
import { readBody, t, type AppEnv, type Ctx } from '../context'
import { ApiError } from '../lib/errors'
import { ipLimit } from '../middleware/rate-limit'
import { revertEmailChange } from '../services/email-change'
import { sessionSignedInAt } from '../services/sessions'
import { verifyCurrentPassword } from './auth'

// Account security (hardening issue, item 4): changing the email address of an account.

/** How recent a password-less user's sign-in must be to change their email address or add a passkey. */
export const REAUTH_WINDOW_MS = 10 * 60_000

/**
 * Re-authentication before an email change (PATCH /api/user {email, password}). With a password
 * on record it must be given and right (wrong guesses count toward the sign-in limit). A
 * magic-link-only user has no password to give: their session must have signed in within the last
 * REAUTH_WINDOW_MS (switching account keeps the sign-in time: routes/auth.ts), else 403 telling
 * them to sign in again.
 */
export async function requireReauth(
  c: Ctx,
  password: string | undefined,
  staleMessage: 'user.reauth_required' | 'passkey.reauth_required' = 'user.reauth_required',
) {
  const { auth, deps } = c.var
  if (auth.user.passwordHash != null) return verifyCurrentPassword(c, auth.user, password, 'password')
  const signedInAt = await sessionSignedInAt(deps.db, auth.sessionId)
  if (!signedInAt || Date.now() - signedInAt.getTime() > REAUTH_WINDOW_MS) {
    throw new ApiError(403, staleMessage, { inputError: 'password' })
  }
}

/**
 * POST /api/user/email/revert {token}: the link mailed to the old address after a change. It
 * works signed out, in any browser (the token names the user); it signs everyone out, so the
 * answer carries no session: the reader signs in again, or resets the password first.
 */
export const userEmail = new Hono<AppEnv>().post('/revert', ipLimit('auth'), async (c) => {
  const { token } = await readBody(c, TokenInput)
  const email = await revertEmailChange(c.var.deps.db, token)
  return c.json({ message: t(c, 'user.email_reverted'), data: { email } })
})
