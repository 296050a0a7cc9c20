import { createMiddleware } from 'hono/factory'
import type { AppEnv, Ctx } from '../context'
import { readJson } from '../context'
import { verifyPassword } from '../lib/crypto'
import { ApiError, forbidden } from '../lib/errors'
import { sessionSignedInAt } from '../services/sessions'
import { clearSignInAttempts, countSignInAttempt } from './sign-in-limit'

// decisions: step-up. Changes that would let whoever holds a session keep the account (a new
// address, a first password, the second factor on or off, a passkey, an API key) or end it
// (closing or leaving) need a recent proof that the person is there: a sign-in of this very
// session within REAUTH_WINDOW_S (password, passkey, magic link or social, with the second factor
// when it is on: a session exists only once that is done), or the current password sent in the
// same call. Without one the call answers 403 `{ message, reauth: true }` and changes nothing;
// the client asks for the password, or a fresh sign-in, and repeats the call.

const reauth = (key: 'auth.reauth_required' | 'user.password_wrong') =>
  new ApiError(403, key, { inputError: 'password', extra: { reauth: true } })

/** Whether this session's sign-in is recent enough to stand as the proof. */
async function recentlySignedIn(c: Ctx): Promise<boolean> {
  const { auth, deps } = c.var
  // A support session is not the customer signing in.
  if (auth.impersonatorId) return false
  const at = await sessionSignedInAt(deps.db, auth.sessionId)
  return at !== null && Date.now() - at.getTime() <= deps.config.REAUTH_WINDOW_S * 1000
}

/**
 * The check itself, for a handler whose call needs it only sometimes (PATCH /api/user when it
 * changes the address, PUT /api/user/password when it sets a first one). `password` is what the
 * call carried; a wrong one counts toward the sign-in limit like a failed sign-in. A recent
 * sign-in needs no password, but one that is sent must be right (400 on `password`, as any
 * wrong current password); without a recent sign-in a missing or wrong one is the 403.
 */
export async function requireStepUp(c: Ctx, password: unknown) {
  const auth = c.var.auth
  if (!auth) throw forbidden()
  const recent = await recentlySignedIn(c)
  if (typeof password === 'string' && password !== '') {
    await countSignInAttempt(c, auth.user.email)
    if (!auth.user.passwordHash || !(await verifyPassword(password, auth.user.passwordHash))) {
      if (recent) throw new ApiError(400, 'user.password_wrong', { inputError: 'password' })
      throw reauth('user.password_wrong')
    }
    await clearSignInAttempts(c, auth.user.email)
    return
  }
  if (!recent) throw reauth('auth.reauth_required')
}

/** The step-up check as a middleware, after requireAuth: `password` is read from the JSON body. */
export const stepUp = createMiddleware<AppEnv>(async (c, next) => {
  // An API key never stands for a person who could prove anything.
  if (c.get('actor')?.via === 'key' || !c.get('auth')) throw forbidden()
  const body = await readJson(c)
  await requireStepUp(c, body.password)
  await next()
})
