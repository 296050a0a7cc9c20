import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Locale } from '~/shared/schemas/common'
import type { Invite, Member, TeamData } from '~/shared/schemas/team'
import type { Deps } from '../context'
import type { Db, Tx } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { accounts, apiKeys, invites, memberships, sessions, users } from '../db/schema'
import { hashPassword, newId, randomToken, sha256 } from '../lib/crypto'
import { ApiError } from '../lib/errors'
import { log } from '../lib/log'
import { renderMail } from './mail'
import { notifyInviteAccepted } from './notifications'
import { announce } from './live'

// Invites and members of one account. Every query here is scoped by the
// account id the caller's session carries, so another account's invite or member is a 404.

/** An invite works once, for 7 days. */
export const INVITE_TTL_MS = 7 * 24 * 3600_000

export type InviteRow = typeof invites.$inferSelect

const open = (accountId: string) => and(eq(invites.accountId, accountId), isNull(invites.acceptedAt), isNull(invites.revokedAt))

const inviteJson = (row: InviteRow): Invite => ({
  id: row.id,
  email: row.email,
  permission: row.role,
  date_sent: row.sentAt.toISOString(),
  expired: row.expiresAt.getTime() <= Date.now(),
})

/** GET /api/account/users: the members (owner first) and the open invites. */
export async function listTeam(db: Db, accountId: string): Promise<TeamData> {
  const members = await db
    .select({ user: users, role: memberships.role, joined: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(memberships.createdAt), asc(users.id))
  const pending = await db.select().from(invites).where(open(accountId)).orderBy(asc(invites.sentAt), asc(invites.id))
  return {
    users: members.map(
      ({ user, role, joined }): Member => ({
        id: user.id,
        name: user.name,
        email: user.email,
        permission: role,
        // A member has registered; a confirmed address is Verified.
        status: user.verified ? 'Verified' : 'Registered',
        date_joined: joined.toISOString(),
        avatar: user.avatar,
      }),
    ),
    invites: pending.map(inviteJson),
  }
}

export async function findMember(db: Db | Tx, accountId: string, userId: string) {
  const [row] = await db
    .select({ user: users, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
  return row ?? null
}

/** Refuses (400 on email) an address already in the account or with a live invite there. */
export async function checkInvitable(db: Db, accountId: string, email: string) {
  const [member] = await db
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), sql`lower(${users.email}) = ${email}`))
  if (member) throw new ApiError(400, 'invite.already_member', { inputError: 'email', params: { email } })
  const [pending] = await db
    .select({ id: invites.id })
    .from(invites)
    .where(and(open(accountId), sql`lower(${invites.email}) = ${email}`, sql`${invites.expiresAt} > now()`))
  if (pending) throw new ApiError(400, 'invite.already_invited', { inputError: 'email', params: { email } })
}

interface Inviter {
  accountId: string
  accountName: string
  userId: string
  userName: string
}

/** Creates one invite per address (each checked first, so a bad one creates none) and mails them. */
export async function createInvites(deps: Deps, by: Inviter, emails: string[], role: string, locale: Locale) {
  for (const email of emails) await checkInvitable(deps.db, by.accountId, email)
  const made: { row: InviteRow; token: string }[] = []
  await deps.db.transaction(async (tx) => {
    // An expired invite left open for an address is replaced by the new one.
    for (const email of emails) {
      await tx
        .update(invites)
        .set({ revokedAt: new Date() })
        .where(and(open(by.accountId), sql`lower(${invites.email}) = ${email}`))
      const token = randomToken()
      const [row] = await tx
        .insert(invites)
        .values({
          id: newId(),
          accountId: by.accountId,
          email,
          role,
          tokenHash: sha256(token),
          invitedBy: by.userId,
          expiresAt: new Date(Date.now() + INVITE_TTL_MS),
        })
        .returning()
      made.push({ row: row!, token })
    }
  })
  for (const { row, token } of made) await mailInvite(deps, row, token, by, locale)
  return made.map(({ row }) => inviteJson(row))
}

/** A new secret and 7 more days for an open invite of the account (the old link stops working). */
export async function resendInvite(deps: Deps, by: Inviter, inviteId: string, locale: Locale) {
  const token = randomToken()
  const [row] = await deps.db
    .update(invites)
    .set({ tokenHash: sha256(token), sentAt: new Date(), expiresAt: new Date(Date.now() + INVITE_TTL_MS) })
    .where(and(open(by.accountId), eq(invites.id, inviteId)))
    .returning()
  if (!row) return null
  await mailInvite(deps, row, token, by, locale)
  return inviteJson(row)
}

export async function revokeInvite(db: Db, accountId: string, inviteId: string) {
  const [row] = await db
    .update(invites)
    .set({ revokedAt: new Date() })
    .where(and(open(accountId), eq(invites.id, inviteId)))
    .returning()
  return row ?? null
}

/** The mail goes in the inviter's language: the invited person has no saved locale yet. */
async function mailInvite(deps: Deps, row: InviteRow, token: string, by: Inviter, locale: Locale) {
  const link = `${deps.appUrl}/signup/user?invite_id=${encodeURIComponent(row.id)}&token=${token}`
  try {
    await deps.mailer.send(renderMail('invite', locale, { to: row.email, link, account: by.accountName, inviter: by.userName }))
  } catch (err) {
    // The invite stands; the admin can resend it from the table.
    log.error(`mail (invite) to ${row.email} failed:`, err instanceof Error ? err.message : err)
  }
}

/**
 * The invite a link names, when its secret matches and it is still open and unexpired; otherwise
 * a 400 saying which (used, revoked, expired, or not a valid link). The checks compare the hash,
 * so a wrong secret learns nothing about the invite.
 */
export async function liveInvite(db: Db | Tx, inviteId: string, token: string) {
  const [row] = await db
    .select({ invite: invites, accountName: accounts.name, closedAt: accounts.closedAt, inviter: users.name })
    .from(invites)
    .innerJoin(accounts, eq(accounts.id, invites.accountId))
    .leftJoin(users, eq(users.id, invites.invitedBy))
    .where(and(eq(invites.id, inviteId), eq(invites.tokenHash, sha256(token))))
  const fail = (key: 'invite.invalid' | 'invite.used' | 'invite.revoked' | 'invite.expired') =>
    new ApiError(400, key, { inputError: 'invite_id' })
  if (!row || row.closedAt) throw fail('invite.invalid')
  if (row.invite.acceptedAt) throw fail('invite.used')
  if (row.invite.revokedAt) throw fail('invite.revoked')
  if (row.invite.expiresAt.getTime() <= Date.now()) throw fail('invite.expired')
  return { ...row.invite, accountName: row.accountName, inviterName: row.inviter ?? '' }
}

/**
 * Adds `userId` to the invite's account with its role and marks it used, atomically: the
 * conditional UPDATE lets only one of two racing accepts through. The email must be the invited
 * one (only for the invited email).
 */
export async function acceptInvite(tx: Tx, invite: InviteRow, user: { id: string; email: string }) {
  if (user.email.toLowerCase() !== invite.email.toLowerCase()) throw new ApiError(400, 'invite.wrong_email', { inputError: 'email' })
  const [used] = await tx
    .update(invites)
    .set({ acceptedAt: new Date() })
    .where(and(eq(invites.id, invite.id), isNull(invites.acceptedAt), isNull(invites.revokedAt)))
    .returning({ id: invites.id })
  if (!used) throw new ApiError(400, 'invite.used', { inputError: 'invite_id' })
  // Someone who already belongs to an account has been through onboarding: joining another
  // skips it (they land on the dashboard). A person new to TBR gets the invitee's welcome.
  const [before] = await tx.select({ accountId: memberships.accountId }).from(memberships).where(eq(memberships.userId, user.id)).limit(1)
  await tx
    .insert(memberships)
    .values({ userId: user.id, accountId: invite.accountId, role: invite.role, onboarded: before !== undefined })
    .onConflictDoNothing()
}

/**
 * A person new to TBR accepts an invite with name and password: the user is made, verified (the
 * mailed link proved the address) with the invite's account as default, and joins it, all or
 * nothing. An address that already has a user is a 400 on `email` (that person signs in to accept).
 */
export async function joinAsNewUser(
  db: Db,
  invite: InviteRow,
  person: { email: string; name: string; password: string; locale: Locale; darkMode: boolean },
) {
  const passwordHash = await hashPassword(person.password)
  const user = { id: newId(), email: person.email, name: person.name }
  try {
    await db.transaction(async (tx) => {
      await tx.insert(users).values({ ...user, passwordHash, verified: true, locale: person.locale, darkMode: person.darkMode, defaultAccount: invite.accountId })
      await acceptInvite(tx, invite, user)
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(400, 'invite.user_exists', { inputError: 'email' })
    throw err
  }
  return user
}

/** Gives a member of the account another role (the route checks the caller may grant it). */
export async function changeRole(db: Db, accountId: string, userId: string, role: (typeof memberships.$inferInsert)['role']) {
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
}

/** After the member count changed: per-seat billing follows, and the inviter hears of an accept. */
export async function afterJoin(deps: Deps, invite: InviteRow, member: { name: string; email: string }) {
  await syncSeats(deps, invite.accountId)
  if (!invite.invitedBy) return
  const [inviter] = await deps.db.select().from(users).where(eq(users.id, invite.invitedBy))
  const [account] = await deps.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, invite.accountId))
  if (inviter && account) deps.background.run('invite_accepted', () => notifyInviteAccepted(deps, inviter, account.name, member))
}

/** The README's billing contract: code that adds or removes a member calls syncSeats. */
export async function syncSeats(deps: Deps, accountId: string) {
  const [owner] = await deps.db
    .select({ email: users.email, name: users.name, accountName: accounts.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, 'owner')))
    .limit(1)
  if (!owner) return
  await deps.payments.syncSeats({ deps, accountId, accountName: owner.accountName, owner: { email: owner.email, name: owner.name } })
}

/**
 * Removes a member from one account: their user and other accounts stay; their sessions here end,
 * and so do the API keys they created here (revoked, `active: false`: a key acts for the account,
 * so one kept by someone who left would keep their access). Answers how many keys were revoked.
 */
export async function removeMember(deps: Deps, accountId: string, userId: string) {
  const revokedKeys = await deps.db.transaction(async (tx) => {
    await tx.delete(memberships).where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.accountId, accountId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    const keys = await tx
      .update(apiKeys)
      .set({ active: false })
      .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.createdBy, userId), eq(apiKeys.active, true)))
      .returning({ id: apiKeys.id })
    // A default account they no longer belong to would sign them in nowhere.
    await tx.update(users).set({ defaultAccount: null }).where(and(eq(users.id, userId), eq(users.defaultAccount, accountId)))
    // Their live streams here end, and those of the keys revoked with them.
    await announce(tx, { k: 'recheck', a: accountId })
    return keys.length
  })
  await syncSeats(deps, accountId)
  return { revokedKeys }
}
