import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { EmailInput, PasswordResetInput, SignInInput, SwitchAccountInput, TokenInput } from '~/shared/schemas/auth'
import { readBody, t, type AppEnv, type Ctx } from '../context'
import { users } from '../db/schema'
import { hashPassword, verifyPassword } from '../lib/crypto'
import { ApiError } from '../lib/errors'
import { bearer, requireAuth } from '../middleware/auth'
import { AUTH_WINDOW_MS, ipLimit, mailLimit, tooMany } from '../middleware/rate-limit'
import { notifySignIn } from '../services/notifications'
import { clear, hit } from '../services/rate-limit'
import { authenticate, refreshSession, revokeSession, revokeUserSessions, sessionSignedInAt, signToken } from '../services/sessions'
import { consumeUserToken, findUserByEmail, isLiveToken, sendTokenMail, sessionUser, signIn, userAccounts } from '../services/users'

// spec §7 Session; decisions §2, §9. Sign-in failures answer one status and message whatever
// the cause, so they reveal nothing about which emails exist.

export const FAILED_SIGNIN_LIMIT = 10

export const auth = new Hono<AppEnv>()

/** The brute-force counter of one email (sign-in and the old password of a change share it). */
export const failKey = (email: string) => `signin-fail:${email.toLowerCase()}`

/**
 * Verifies email + password under the brute-force limit (decisions §9: after 10 failures for one
 * email in 15 minutes, 429 whatever the password); answers the user or throws 401/429. The
 * attempt is counted before the password is checked, so parallel guesses cannot slip past the
 * limit; a success clears the count.
 */
export async function checkPassword(c: Ctx, email: string, password: string) {
  const db = c.var.deps.db
  const w = await hit(db, failKey(email), AUTH_WINDOW_MS)
  if (w.count > FAILED_SIGNIN_LIMIT) throw tooMany(w)
  const user = await findUserByEmail(db, email)
  const ok = await verifyPassword(password, user?.passwordHash)
  if (!user || !ok || user.disabled) throw new ApiError(401, 'auth.invalid_credentials')
  await clear(db, failKey(email))
  return user
}

/**
 * Asks a signed-in user for their current password before a sensitive change (a new password,
 * a new email address, closing the account). Wrong guesses count toward the same limit as
 * sign-in (decisions §9), so a stolen session cannot try passwords without bound; a wrong or
 * missing one is a 400 on `field`.
 */
export async function verifyCurrentPassword(
  c: Ctx,
  user: { email: string; passwordHash: string | null },
  password: string | undefined,
  field: string,
) {
  if (!password) throw new ApiError(400, 'validation.password.old_required', { inputError: field })
  const db = c.var.deps.db
  const w = await hit(db, failKey(user.email), AUTH_WINDOW_MS)
  if (w.count > FAILED_SIGNIN_LIMIT) throw tooMany(w)
  if (!(await verifyPassword(password, user.passwordHash))) throw new ApiError(400, 'user.password_wrong', { inputError: field })
  await clear(db, failKey(user.email))
}

async function startSession(c: Ctx, user: typeof users.$inferSelect, opts: { accountId?: string; duplicateUser?: boolean } = {}) {
  const deps = c.var.deps
  if (user.twoFactorEnabled) {
    // decisions §9: a pending second factor answers 2fa_required and a short-lived token
    // good only for /api/auth/otp.
    const token = await signToken(deps, { purpose: '2fa', acc: opts.accountId ?? null }, user.id, 300)
    return c.json({ data: { '2fa_required': true, token } })
  }
  const userAgent = c.req.header('user-agent')
  const data = await signIn(deps, { userId: user.id, ...opts, userAgent })
  // new_signin (spec §3): tell the owner of the address; a failed mail never fails the sign-in.
  await notifySignIn(deps, user, userAgent)
  return c.json({ data })
}

auth.post('/', ipLimit('auth'), async (c) => {
  const body = await readBody(c, SignInInput)
  if ('token' in body) {
    // A one-time sign-in token (e.g. from social sign-in) exchanged for a session.
    const user = await consumeUserToken(c.var.deps.db, 'signin', body.token)
    if (!user) throw new ApiError(401, 'auth.token_invalid')
    return startSession(c, user)
  }
  const user = await checkPassword(c, body.email, body.password)
  return startSession(c, user)
})

auth.get('/', async (c) => {
  const token = bearer(c.req.header('authorization'))
  const session = token ? await authenticate(c.var.deps, token) : null
  if (!session) return c.json({ data: { authenticated: false } })
  const fresh = await refreshSession(c.var.deps, session)
  return c.json({ data: { authenticated: true, token: fresh, ...(await sessionUser(c.var.deps.db, session)) } })
})

auth.delete('/', async (c) => {
  const token = bearer(c.req.header('authorization'))
  const session = token ? await authenticate(c.var.deps, token) : null
  if (session) await revokeSession(c.var.deps.db, session.sessionId)
  return c.json({ message: t(c, 'auth.signed_out') })
})

auth.post('/switch', requireAuth(), async (c) => {
  const { account } = await readBody(c, SwitchAccountInput)
  const { user } = c.var.auth
  const member = (await userAccounts(c.var.deps.db, user.id)).find((a) => a.id === account)
  if (!member) throw new ApiError(404, 'account.not_member', { inputError: 'account' })
  // The caller's session already passed any second factor: switching does not ask again. The
  // new session keeps the old one's sign-in time, so switching does not count as signing in
  // again (the recent sign-in an email change asks of password-less users, routes/user-email.ts).
  const signedInAt = (await sessionSignedInAt(c.var.deps.db, c.var.auth.sessionId)) ?? undefined
  const data = await signIn(c.var.deps, { userId: user.id, accountId: account, userAgent: c.req.header('user-agent'), signedInAt })
  return c.json({ data })
})

auth.post('/magic', ipLimit('mail'), async (c) => {
  const { email } = await readBody(c, EmailInput)
  await mailLimit(c, 'magic', email)
  const user = await findUserByEmail(c.var.deps.db, email)
  if (user && !user.disabled) await sendTokenMail(c.var.deps, 'magic', user)
  return c.json({ message: t(c, 'auth.magic_sent') })
})

auth.post('/magic/verify', ipLimit('auth'), async (c) => {
  const { token } = await readBody(c, TokenInput)
  const db = c.var.deps.db
  const found = await consumeUserToken(db, 'magic', token)
  if (!found) throw new ApiError(400, 'auth.token_invalid', { inputError: 'token' })
  // Opening the link proves the address, so it also verifies it.
  const [user] = await db.update(users).set({ verified: true }).where(eq(users.id, found.id)).returning()
  return startSession(c, user!)
})

auth.post('/password/reset/request', ipLimit('mail'), async (c) => {
  const { email } = await readBody(c, EmailInput)
  await mailLimit(c, 'reset', email)
  const user = await findUserByEmail(c.var.deps.db, email)
  if (user && !user.disabled) await sendTokenMail(c.var.deps, 'reset', user)
  return c.json({ message: t(c, 'auth.reset_sent') })
})

auth.post('/password/reset', ipLimit('auth'), async (c) => {
  const body = await readBody(c, PasswordResetInput)
  const db = c.var.deps.db
  const invalid = () => new ApiError(400, 'auth.token_invalid', { inputError: 'jwt' })
  // A dead link is refused before the (deliberately slow) password hash is computed.
  if (!(await isLiveToken(db, 'reset', body.jwt))) throw invalid()
  const passwordHash = await hashPassword(body.password)
  // Only a successful reset uses up the link: the token is consumed in the transaction that
  // sets the password, and a link given with the wrong email rolls back, leaving it usable.
  // The consuming UPDATE is conditional on used_at, so two resets cannot both succeed.
  const user = await db.transaction(async (tx) => {
    const found = await consumeUserToken(tx, 'reset', body.jwt)
    if (!found || (body.email && found.email.toLowerCase() !== body.email)) throw invalid()
    // The link proves the address, so it also verifies it.
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, verified: true, updatedAt: new Date() })
      .where(eq(users.id, found.id))
      .returning()
    return updated!
  })
  // decisions §2: a password change revokes every existing session.
  await revokeUserSessions(db, user.id)
  await clear(db, failKey(user.email))
  const data = await signIn(c.var.deps, { userId: user.id, userAgent: c.req.header('user-agent') })
  return c.json({ message: t(c, 'auth.password_reset'), data })
})
