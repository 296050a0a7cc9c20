import { Hono } from 'hono'
import { grantableRoles } from '~/shared/permissions'
import { AcceptExistingInput, InviteInput, InviteLinkInput, type InviteInfo } from '~/shared/schemas/team'
import { pathParam, readBody, t, validate, type AppEnv, type Ctx } from '../context'
import { ApiError, notFound } from '../lib/errors'
import { bearer } from '../middleware/auth'
import { ipLimit, mailLimit } from '../middleware/rate-limit'
import { authenticate, revokeSession, sessionSignedInAt } from '../services/sessions'
import { acceptInvite, afterJoin, createInvites, liveInvite, resendInvite, revokeInvite } from '../services/team'
import { findUserByEmail, signIn } from '../services/users'
import { checkPassword, pendingSecondFactor, startSession } from './auth'

// Team invites (decision 37). Sending invites is an admin call on a plan with team members
// (402 otherwise); opening and accepting one needs only the mailed link.

export const invite = new Hono<AppEnv>()

const inviter = (c: Ctx) => {
  const { auth } = c.var
  return { accountId: auth.account.id, accountName: auth.account.name, userId: auth.user.id, userName: auth.user.name }
}

invite.post('/', ipLimit('mail'), async (c) => {
  const input = await readBody(c, InviteInput)
  if (!grantableRoles(c.var.auth.role).includes(input.permission)) {
    throw new ApiError(400, 'invite.not_grantable', { inputError: 'permission' })
  }
  for (const email of input.email) await mailLimit(c, 'invite', email)
  const data = await createInvites(c.var.deps, inviter(c), input.email, input.permission, c.var.locale)
  return c.json({ message: t(c, 'invite.sent'), data })
})

// The accept calls come before '/:id' so "accept" is never read as an id.
/**
 * A person who already has a user accepts: signed in (the session's user must be the invited
 * one), or with `email` and `password` (the sign-in rules and limits apply; with 2FA the code
 * comes next). Answers like a sign-in into the inviting account.
 */
invite.post('/accept', ipLimit('auth'), async (c) => {
  const input = await readBody(c, AcceptExistingInput)
  const deps = c.var.deps
  const found = await liveInvite(deps.db, input.invite_id, input.token)
  const token = bearer(c.req.header('authorization'))
  const session = token ? await authenticate(deps, token) : null
  let user
  if (input.email !== undefined || input.password !== undefined) {
    user = await checkPassword(c, input.email ?? '', input.password ?? '')
    // A password alone joins nothing for a user with 2FA on: the invite is accepted once the code
    // is in (decisions: second factor first; routes/auth-otp.ts).
    if (user.twoFactorEnabled) {
      if (user.email.toLowerCase() !== found.email.toLowerCase()) throw new ApiError(400, 'invite.wrong_email', { inputError: 'email' })
      const then = { k: 'invite' as const, id: found.id, t: input.token }
      return c.json({ data: await pendingSecondFactor(c, user, { method: 'password', accountId: found.accountId, then }) })
    }
  } else if (session) {
    user = session.user
  } else {
    throw new ApiError(401, 'error.unauthorized')
  }
  await deps.db.transaction((tx) => acceptInvite(tx, found, user))
  await afterJoin(deps, found, user)
  if (session && session.user.id === user.id) {
    // Like a switch (POST /api/auth/switch): this device's previous session ends.
    const signedInAt = (await sessionSignedInAt(deps.db, session.sessionId)) ?? undefined
    const data = await signIn(deps, { userId: user.id, accountId: found.accountId, userAgent: c.req.header('user-agent'), signedInAt })
    await revokeSession(deps.db, session.sessionId)
    return c.json({ message: t(c, 'invite.accepted', { account: found.accountName }), data })
  }
  return startSession(c, user, { method: 'password', accountId: found.accountId })
})

/** What /signup/user shows: the invited address and account, or why the link no longer works. */
invite.get('/:id', ipLimit('auth'), async (c) => {
  const { token } = validate(InviteLinkInput, { invite_id: pathParam(c, 'id'), token: c.req.query('token') ?? '' })
  const found = await liveInvite(c.var.deps.db, pathParam(c, 'id'), token)
  const existing = await findUserByEmail(c.var.deps.db, found.email)
  const data: InviteInfo = {
    id: found.id,
    email: found.email,
    permission: found.role,
    account_name: found.accountName,
    inviter: found.inviterName,
    existing_user: existing !== null,
  }
  return c.json({ data })
})

invite.post('/:id/resend', ipLimit('mail'), async (c) => {
  const id = pathParam(c, 'id')
  const data = await resendInvite(c.var.deps, inviter(c), id, c.var.locale)
  if (!data) throw notFound()
  return c.json({ message: t(c, 'invite.resent'), data })
})

invite.delete('/:id', async (c) => {
  const row = await revokeInvite(c.var.deps.db, c.var.auth.account.id, pathParam(c, 'id'))
  if (!row) throw notFound()
  return c.json({ message: t(c, 'invite.revoked_done'), data: { id: row.id } })
})
