import { Hono } from 'hono'
import { EmailInput, PasswordResetInput, SignInInput, SwitchAccountInput, TokenInput } from '~/shared/schemas/auth'
import { readBody, t, type AppEnv, type Ctx } from '../context'
import { hashPassword, verifyPassword } from '../lib/crypto'
import { ApiError } from '../lib/errors'
import { bearer } from '../middleware/auth'
import { ipLimit, mailLimit } from '../middleware/rate-limit'
import { clearSignInAttempts, countSignInAttempt, failKey } from '../middleware/sign-in-limit'
import { clear } from '../services/rate-limit'
import { proveAddress } from '../services/address-proof'
import { recordImpersonation } from '../services/impersonation'
import { mailSecurityNotice } from '../services/security-notice'
import { notifySignIn, type SecondFactor, type SignInMethod } from '../services/notifications'
import {
  authenticate,
  refreshSession,
  revokeSession,
  revokeUserSessions,
  sessionSignedInAt,
  signToken,
} from '../services/sessions'
import {
  consumeUserToken,
  findUserByEmail,
  isLiveToken,
  issueToken,
  sendTokenMail,
  sessionUser,
  signIn,
  userAccounts,
  type UserRow,
} from '../services/users'

// The session calls (decision 4). Sign-in failures answer one status and message whatever
// the cause, so they reveal nothing about which emails exist.

export const auth = new Hono<AppEnv>()

/**
 * Verifies email + password under the brute-force limit (after 10 failures for one
 * email in 15 minutes, 429 whatever the password); answers the user or throws 401/429. The
 * attempt is counted before the password is checked, so parallel guesses cannot slip past the
 * limit; a success clears the count, unless a second factor is still to come: the codes count
 * toward the same limit, and a right password must not reset the count of wrong codes.
 */
export async function checkPassword(c: Ctx, email: string, password: string) {
  await countSignInAttempt(c, email)
  const user = await findUserByEmail(c.var.deps.db, email)
  const ok = await verifyPassword(password, user?.passwordHash)
  if (!user || !ok || user.disabled) throw new ApiError(401, 'auth.invalid_credentials')
  if (!user.twoFactorEnabled) await clearSignInAttempts(c, email)
  return user
}

/**
 * Asks a signed-in user for their current password before a sensitive change (a new password,
 * a new email address, closing the account). Wrong guesses count toward the same limit as
 * sign-in, so a stolen session cannot try passwords without bound; a wrong or
 * missing one is a 400 on `field`.
 */
export async function verifyCurrentPassword(
  c: Ctx,
  user: { email: string; passwordHash: string | null },
  password: string | undefined,
  field: string,
) {
  if (!password) throw new ApiError(400, 'validation.password.old_required', { inputError: field })
  await countSignInAttempt(c, user.email)
  if (!(await verifyPassword(password, user.passwordHash)))
    throw new ApiError(400, 'user.password_wrong', { inputError: field })
  await clearSignInAttempts(c, user.email)
}

/** How long the token of a pending second factor lives (short-lived). */
export const PENDING_2FA_SECONDS = 300

/**
 * What a password alone may not do for a user with 2FA on (decisions: second factor first): it is
 * done by /api/auth/otp once the code is in. `signup`: a sign-up with an existing user's email and
 * password creates a new account named `name`; `invite`: the invite `id` (its link token `t`) is
 * accepted.
 */
export type PendingAction = { k: 'signup'; name: string } | { k: 'invite'; id: string; t: string }

export interface StartOptions {
  method: SignInMethod
  accountId?: string
  duplicateUser?: boolean
  then?: PendingAction
}

/**
 * With 2FA on, a sign-in answers `2fa_required` and a short-lived token good only
 * for /api/auth/otp (its purpose is '2fa', which no other call accepts). It carries how the first
 * factor was given, for the notice sent once the code is in, and what to do then. It also names a
 * one-time token row (`p`), so whatever ends all of the user's sessions voids it too
 * (services/sessions.ts revokeUserSessions).
 */
export async function pendingSecondFactor(c: Ctx, user: UserRow, opts: StartOptions) {
  const p = await issueToken(c.var.deps.db, '2fa_pending', user.id, user.email)
  const claims = {
    purpose: '2fa',
    acc: opts.accountId ?? null,
    dup: opts.duplicateUser ?? false,
    m: opts.method,
    p,
    ...(opts.then ? { do: opts.then } : {}),
  }
  const token = await signToken(c.var.deps, claims, user.id, PENDING_2FA_SECONDS)
  return { '2fa_required': true as const, token }
}

/** Answers like a sign-in, or with a pending second factor when the user has 2FA on. */
export async function startSession(c: Ctx, user: UserRow, opts: StartOptions) {
  if (user.twoFactorEnabled) return c.json({ data: await pendingSecondFactor(c, user, opts) })
  return c.json({ data: await completeSession(c, user, opts) })
}

/** Starts the session and mails the new_signin notice in the background. */
export async function completeSession(
  c: Ctx,
  user: UserRow,
  opts: StartOptions & { secondFactor?: SecondFactor },
) {
  const deps = c.var.deps
  const userAgent = c.req.header('user-agent')
  const data = await signIn(deps, {
    userId: user.id,
    accountId: opts.accountId,
    duplicateUser: opts.duplicateUser,
    userAgent,
  })
  // new_signin: a slow or failing mail server never slows or fails the sign-in.
  const at = new Date()
  deps.background.run('new_signin', () =>
    notifySignIn(deps, user, { userAgent, method: opts.method, secondFactor: opts.secondFactor, at }),
  )
  return data
}

auth.post('/', ipLimit('auth'), async (c) => {
  const body = await readBody(c, SignInInput)
  if ('token' in body) {
    // The one-time token a social sign-in ends with (routes/social.ts), exchanged for a session:
    // with 2FA on, the code still follows.
    const user = await consumeUserToken(c.var.deps.db, 'signin', body.token)
    if (!user) throw new ApiError(401, 'auth.token_invalid')
    return startSession(c, user, { method: 'social' })
  }
  const user = await checkPassword(c, body.email, body.password)
  return startSession(c, user, { method: 'password' })
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
  // Signing out of a support session ends it like Stop does, and is recorded the same way.
  if (session?.impersonatorId) await recordImpersonation(c.var.deps.db, 'impersonation_stopped', session)
  return c.json({ message: t(c, 'auth.signed_out') })
})

auth.post('/switch', async (c) => {
  const { account } = await readBody(c, SwitchAccountInput)
  const { user } = c.var.auth
  const member = (await userAccounts(c.var.deps.db, user.id)).find((a) => a.id === account)
  if (!member) throw new ApiError(404, 'account.not_member', { inputError: 'account' })
  // The caller's session already passed any second factor: switching does not ask again. The
  // new session keeps the old one's sign-in time, so switching does not count as signing in
  // again (the recent sign-in an email change asks of password-less users, routes/user-email.ts).
  const signedInAt = (await sessionSignedInAt(c.var.deps.db, c.var.auth.sessionId)) ?? undefined
  const data = await signIn(c.var.deps, { userId: user.id, accountId: account, userAgent: c.req.header('user-agent'), signedInAt })
  // The device's previous token ends with the switch (one session per device).
  await revokeSession(c.var.deps.db, c.var.auth.sessionId)
  return c.json({ data })
})

/**
 * Mails a sign-in or reset link to `email` when it names a user, after the answer is sent
 * (decisions: enumeration): the answer takes the same time whether or not the address exists.
 */
function mailLinkAfterAnswer(c: Ctx, kind: 'magic' | 'reset', email: string) {
  const deps = c.var.deps
  deps.background.run(`${kind}_link`, async () => {
    const user = await findUserByEmail(deps.db, email)
    if (user && !user.disabled) await sendTokenMail(deps, kind, user)
  })
}

auth.post('/magic', ipLimit('mail'), async (c) => {
  const { email } = await readBody(c, EmailInput)
  await mailLimit(c, 'magic', email)
  mailLinkAfterAnswer(c, 'magic', email)
  return c.json({ message: t(c, 'auth.magic_sent') })
})

auth.post('/magic/verify', ipLimit('auth'), async (c) => {
  const { token } = await readBody(c, TokenInput)
  const db = c.var.deps.db
  const found = await consumeUserToken(db, 'magic', token)
  if (!found) throw new ApiError(400, 'auth.token_invalid', { inputError: 'token' })
  // Opening the link proves the address: it verifies it, and on a user not verified before it
  // ends whatever someone who signed up with the address first had set (services/address-proof.ts).
  const user = await db.transaction((tx) => proveAddress(tx, found))
  return startSession(c, user, { method: 'magic_link' })
})

auth.post('/password/reset/request', ipLimit('mail'), async (c) => {
  const { email } = await readBody(c, EmailInput)
  await mailLimit(c, 'reset', email)
  mailLinkAfterAnswer(c, 'reset', email)
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
    // The link proves the address, so it also verifies it (and resets a squatter's settings).
    return proveAddress(tx, found, passwordHash)
  })
  // A password change revokes every existing session.
  await revokeUserSessions(db, user.id)
  mailSecurityNotice(c.var.deps, user, 'password_changed')
  // A mailed link proves the address, not the second factor: with 2FA on, the code comes next.
  if (user.twoFactorEnabled) {
    return c.json({
      message: t(c, 'auth.password_reset'),
      data: await pendingSecondFactor(c, user, { method: 'password_reset' }),
    })
  }
  await clear(db, failKey(user.email))
  const data = await signIn(c.var.deps, { userId: user.id, userAgent: c.req.header('user-agent') })
  return c.json({ message: t(c, 'auth.password_reset'), data })
})
