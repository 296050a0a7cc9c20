import { Hono } from 'hono'
import { grantableRoles } from '~/shared/permissions'
import { AcceptNewUserInput, ChangeRoleInput } from '~/shared/schemas/team'
import { pathParam, readBody, t, type AppEnv, type Ctx } from '../context'
import { shownDark } from '../first-paint-theme'
import { ApiError, forbidden, notFound } from '../lib/errors'
import { ipLimit } from '../middleware/rate-limit'
import { announce } from '../services/live'
import { afterJoin, changeRole, findMember, joinAsNewUser, listTeam, liveInvite, removeMember } from '../services/team'
import { findUserByEmail, signIn } from '../services/users'

// The members of the session's account. The owner's row is
// locked (403); nobody changes a member at or above their own role, nor grants one (403).

/** GET /api/account/users, PATCH /api/account/users/{id} (mounted at /api/account/users). */
export const teamUsers = new Hono<AppEnv>()

teamUsers.get('/', async (c) => c.json({ data: await listTeam(c.var.deps.db, c.var.auth.account.id) }))

/** The member a path id names in the caller's account, checked against the caller's role. */
async function managedMember(c: Ctx) {
  const { auth, deps } = c.var
  const member = await findMember(deps.db, auth.account.id, pathParam(c, 'id'))
  if (!member) throw notFound()
  if (member.role === 'owner') throw new ApiError(403, 'team.owner_locked')
  if (member.user.id === auth.user.id) throw new ApiError(403, 'team.remove_self')
  if (!grantableRoles(auth.role).includes(member.role as never)) throw new ApiError(403, 'team.role_above')
  return member
}

teamUsers.patch('/:id', async (c) => {
  const member = await managedMember(c)
  const { permission } = await readBody(c, ChangeRoleInput)
  if (!grantableRoles(c.var.auth.role).includes(permission)) throw forbidden()
  const { auth, deps } = c.var
  await changeRole(deps.db, auth.account.id, member.user.id, permission)
  // Their devices in this account refresh the user (and so the role) now, not at the next pull.
  await announce(deps.db, { k: 'user', u: member.user.id, a: auth.account.id })
  return c.json({ message: t(c, 'team.role_changed'), data: { id: member.user.id, permission } })
})

/** DELETE /api/user/{id} and POST /api/user (mounted at /api/user). */
export const teamMember = new Hono<AppEnv>()

teamMember.delete('/:id', async (c) => {
  const member = await managedMember(c)
  const { revokedKeys } = await removeMember(c.var.deps, c.var.auth.account.id, member.user.id)
  const message = revokedKeys === 0 ? 'team.removed' : revokedKeys === 1 ? 'team.removed_key' : 'team.removed_keys'
  return c.json({
    message: t(c, message, { name: member.user.name, count: revokedKeys }),
    data: { id: member.user.id, revoked_keys: revokedKeys },
  })
})

/**
 * A new person accepts an invite with name and password. The mailed link
 * proved the address, so the user starts verified; an address that already has
 * a user signs in to accept (POST /api/invite/accept) instead.
 */
teamMember.post('/', ipLimit('auth'), async (c) => {
  const input = await readBody(c, AcceptNewUserInput)
  const deps = c.var.deps
  const invite = await liveInvite(deps.db, input.invite_id, input.token)
  if (input.email !== invite.email.toLowerCase()) throw new ApiError(400, 'invite.wrong_email', { inputError: 'email' })
  if (await findUserByEmail(deps.db, input.email)) throw new ApiError(400, 'invite.user_exists', { inputError: 'email' })
  const { email, name, password } = input
  const user = await joinAsNewUser(deps.db, invite, { email, name, password, locale: c.var.locale, darkMode: shownDark(c) })
  await afterJoin(deps, invite, user)
  const data = await signIn(deps, { userId: user.id, accountId: invite.accountId, userAgent: c.req.header('user-agent') })
  return c.json({ message: t(c, 'invite.accepted', { account: invite.accountName }), data })
})
