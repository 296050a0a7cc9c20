import { Hono } from 'hono'
import { TokenInput } from '~/shared/schemas/auth'
import { readBody, t, type AppEnv } from '../context'
import { ipLimit } from '../middleware/rate-limit'
import { revertEmailChange } from '../services/email-change'

// Account security: undoing a change of the account's email address.
// The change itself is PATCH /api/user (routes/user.ts), behind a step-up.

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
