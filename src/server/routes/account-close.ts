import { and, eq, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import { hasFlag } from '~/shared/permissions'
import { t, type AppEnv, type Auth, type Ctx } from '../context'
import type { Db, Tx } from '../db/client'
import { accounts, events, memberships, sessions, users } from '../db/schema'
import { newId } from '../lib/crypto'
import { ApiError } from '../lib/errors'
import { requireAuth } from '../middleware/auth'
import { userAccounts } from '../services/users'

// spec §2 /account/profile Danger Zone, §6: only owners delete the whole account; others delete
// only themselves. decisions §2: closing the account revokes its sessions.
//
// DELETE /api/account — an owner closes the session's account: closed_at is set (the account
//   and its public page disappear; its data is kept, nothing else can reach it), its slug is
//   freed, and every session of every member in it is revoked. A member without the owner flag
//   leaves instead (the same as DELETE /api/user).
// DELETE /api/user — the caller leaves the session's account: their membership is removed and
//   their sessions in it revoked. An owner cannot leave their own account this way: they close it.
// Either way a closed_account event is recorded, and a person left without any account is
// deleted, so the address is free to sign up again (spec §4: the client then goes to /signup).

async function revokeAccountSessions(db: Db | Tx, accountId: string, userId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), userId ? eq(sessions.userId, userId) : undefined),
    )
}

async function recordClosed(db: Db | Tx, auth: Auth, scope: 'account' | 'membership') {
  await db.insert(events).values({
    id: newId(),
    name: 'closed_account',
    metadata: { scope, role: auth.role },
    userId: auth.user.id,
    accountId: auth.account.id,
  })
}

/** Deletes the person when no live account is left to sign in to. */
async function deleteIfAlone(db: Db, userId: string) {
  if ((await userAccounts(db, userId)).length === 0) await db.delete(users).where(eq(users.id, userId))
}

async function closeAccount(c: Ctx) {
  const { db } = c.var.deps
  const auth = c.var.auth
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ closedAt: new Date(), slug: null }).where(eq(accounts.id, auth.account.id))
    await revokeAccountSessions(tx, auth.account.id)
    await recordClosed(tx, auth, 'account')
  })
  await deleteIfAlone(db, auth.user.id)
  return c.json({ message: t(c, 'account.closed') })
}

async function leaveAccount(c: Ctx) {
  const { db } = c.var.deps
  const auth = c.var.auth
  await db.transaction(async (tx) => {
    await tx
      .delete(memberships)
      .where(and(eq(memberships.userId, auth.user.id), eq(memberships.accountId, auth.account.id)))
    await revokeAccountSessions(tx, auth.account.id, auth.user.id)
    await recordClosed(tx, auth, 'membership')
  })
  await deleteIfAlone(db, auth.user.id)
  return c.json({ message: t(c, 'account.left') })
}

const isOwner = (auth: Auth) => hasFlag(auth.role, 'owner')

export const accountClose = new Hono<AppEnv>().delete('/', requireAuth(), (c) =>
  isOwner(c.var.auth) ? closeAccount(c) : leaveAccount(c),
)

export const userLeave = new Hono<AppEnv>().delete('/', requireAuth(), (c) => {
  if (isOwner(c.var.auth)) throw new ApiError(403, 'account.owner_must_close')
  return leaveAccount(c)
})
