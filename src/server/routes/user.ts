import { Hono } from 'hono'
import { permissionMap } from '~/shared/permissions'
import { TokenInput } from '~/shared/schemas/auth'
import { ChangePasswordInput } from '~/shared/schemas/user'
import { readBody, t, type AppEnv } from '../context'
import { ApiError, unauthorized } from '../lib/errors'
import { bearer } from '../middleware/auth'
import { refuseWhenImpersonated } from '../middleware/impersonation-guard'
import { AUTH_WINDOW_MS, ipLimit, mailLimit, tooMany } from '../middleware/rate-limit'
import { hit } from '../services/rate-limit'
import { mailEmailChanged } from '../services/email-change'
import { mailSecurityNotice } from '../services/security-notice'
import { pendingSecondFactor, verifyCurrentPassword } from './auth'
import { twoFactor } from './two-factor'
import { readUserChange } from './user-input'
import { squareAvatar } from '../services/avatars'
import { userEmail } from './user-email'
import { requireStepUp } from '../middleware/step-up'
import { authenticate, revokeUserSessions } from '../services/sessions'
import { saveSettings, setPassword, type UserFields } from '../services/settings'
import {
  consumeUserToken,
  emailTaken,
  findUserById,
  markVerified,
  sendTokenMail,
  sessionUser,
  signIn,
  userAccounts,
} from '../services/users'

export const user = new Hono<AppEnv>()

user.get('/', async (c) => c.json({ data: await sessionUser(c.var.deps.db, c.var.auth) }))

user.get('/permissions', (c) => c.json({ data: permissionMap() }))

user.route('/email', userEmail)
user.route('/2fa', twoFactor)

user.patch('/', async (c) => {
  const { input, file } = await readUserChange(c)
  const { deps, auth } = c.var
  const db = deps.db
  if (input.account_name !== undefined && auth.role !== 'owner' && auth.role !== 'master') {
    throw new ApiError(403, 'user.owner_only', { inputError: 'account_name' })
  }
  const userSet: UserFields = {}
  if (input.name !== undefined) userSet.name = input.name
  if (input.support_enabled !== undefined) userSet.supportEnabled = input.support_enabled
  if (input.dark_mode !== undefined) userSet.darkMode = input.dark_mode
  if (input.locale !== undefined) userSet.locale = input.locale
  if (input.default_account !== undefined) {
    const member = (await userAccounts(db, auth.user.id)).some((a) => a.id === input.default_account)
    if (!member) throw new ApiError(400, 'account.not_member', { inputError: 'default_account' })
    userSet.defaultAccount = input.default_account
  }
  const emailChanged = input.email !== undefined && input.email.toLowerCase() !== auth.user.email.toLowerCase()
  if (emailChanged) {
    // A support session changes no security setting.
    refuseWhenImpersonated(auth)
    // A stolen session alone does not move the account to another address (step-up).
    await requireStepUp(c, input.password)
    if (await emailTaken(db, input.email!, auth.user.id)) throw new ApiError(400, 'user.email_taken', { inputError: 'email' })
    // Each change mails the new address: bounded like the other verification mails.
    await mailLimit(c, 'verify', auth.user.id)
    // A new address must be verified again.
    userSet.email = input.email
    userSet.verified = false
  }

  // Decoded and resized before the transaction: a bad picture changes nothing (all or nothing).
  // Each picture costs a decode and a resize: at most AVATAR_UPLOAD_LIMIT per user per window.
  if (file) {
    const w = await hit(db, `avatar:${auth.user.id}`, AUTH_WINDOW_MS)
    if (w.count > deps.config.AVATAR_UPLOAD_LIMIT) throw tooMany(w)
  }
  const image = file ? await squareAvatar(file) : null

  const avatar = image ? { image } : input.avatar !== undefined ? { url: input.avatar } : undefined
  await saveSettings(db, auth, { user: userSet, avatar, accountName: input.account_name, onboarded: input.onboarded })
  // Whoever else holds a session of this account is signed out; this device goes on.
  if (emailChanged) await revokeUserSessions(db, auth.user.id, auth.sessionId)
  const fresh = await authenticate(deps, bearer(c.req.header('authorization'))!)
  if (!fresh) throw unauthorized()
  if (emailChanged) {
    await sendTokenMail(deps, 'verify', fresh.user)
    // The old address is told, with a link that undoes the change (services/email-change.ts).
    await mailEmailChanged(deps, fresh.user, auth.user.email, fresh.user.email)
  }
  return c.json({ message: t(c, 'user.updated'), data: await sessionUser(db, fresh) })
})

/**
 * Creates a password (magic-link users) or changes it. With a
 * password on record the old one must be given and right; wrong guesses count toward the same
 * brute-force limit as sign-in. A password change revokes the other
 * sessions; the caller's own session goes on.
 */
user.put('/password', ipLimit('auth'), async (c) => {
  const input = await readBody(c, ChangePasswordInput)
  const { deps, auth } = c.var
  const db = deps.db
  const row = await findUserById(db, auth.user.id)
  if (!row) throw unauthorized()
  const hadPassword = row.passwordHash != null
  // A change proves itself with the old password; a first password needs a recent sign-in (a
  // stolen session of a password-less user must not give itself a way back in: step-up).
  if (hadPassword) await verifyCurrentPassword(c, row, input.oldpassword, 'oldpassword')
  else await requireStepUp(c, undefined)
  const updated = await setPassword(db, auth.user.id, input.newpassword)
  await revokeUserSessions(db, auth.user.id, auth.sessionId)
  mailSecurityNotice(deps, updated, hadPassword ? 'password_changed' : 'password_set')
  return c.json({
    message: t(c, hadPassword ? 'user.password_changed' : 'user.password_created'),
    data: await sessionUser(db, { ...auth, user: updated }),
  })
})

user.post('/verify/request', ipLimit('mail'), async (c) => {
  const { auth, deps } = c.var
  if (auth.user.verified) return c.json({ message: t(c, 'auth.already_verified') })
  await mailLimit(c, 'verify', auth.user.id)
  if (!(await sendTokenMail(deps, 'verify', auth.user))) throw new ApiError(503, 'mail.send_failed')
  return c.json({ message: t(c, 'auth.verify_sent') })
})

// The link works in any browser: the token names the user. A signed-in caller keeps the
// account of their session; otherwise the user's default account is used.
user.post('/verify', ipLimit('auth'), async (c) => {
  const { token } = await readBody(c, TokenInput)
  const deps = c.var.deps
  const found = await consumeUserToken(deps.db, 'verify', token)
  if (!found) throw new ApiError(400, 'auth.token_invalid', { inputError: 'token' })
  const verified = await markVerified(deps.db, found.id)
  const bearerToken = bearer(c.req.header('authorization'))
  const current = bearerToken ? await authenticate(deps, bearerToken) : null
  const accountId = current?.user.id === verified.id ? current.account.id : undefined
  // The link proves the address, not the second factor: signed out, a 2FA user gives the code next.
  if (verified.twoFactorEnabled && !accountId) {
    return c.json({
      message: t(c, 'auth.verified'),
      data: await pendingSecondFactor(c, verified, { method: 'email_link' }),
    })
  }
  const data = await signIn(deps, { userId: verified.id, accountId, userAgent: c.req.header('user-agent') })
  return c.json({ message: t(c, 'auth.verified'), data })
})
