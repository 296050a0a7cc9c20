import { and, eq, isNull } from 'drizzle-orm'
import type { Auth, Deps } from '../context'
import type { Db, Tx } from '../db/client'
import { accounts, sessions, users } from '../db/schema'
import { recordEvent } from './events'
import { announce } from './live'
import { removeMember } from './team'
import { userAccounts } from './users'

// Closing an account and leaving one (routes/account-close.ts decides who may and asks for proof):
// the rows change in one transaction, every session concerned is revoked, a closed_account event
// is recorded, and a person left without any account is deleted.

async function revokeAccountSessions(db: Db | Tx, accountId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)))
  // Delivered on commit: the account's open streams re-check their callers and close.
  await announce(db, { k: 'recheck', a: accountId })
}

async function recordClosed(db: Db | Tx, auth: Auth, scope: 'account' | 'membership') {
  await recordEvent(db, {
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

/** Closes the session's account: closed_at set, slug freed, all its sessions revoked. */
export async function closeAccountRows(db: Db, auth: Auth) {
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ closedAt: new Date(), slug: null }).where(eq(accounts.id, auth.account.id))
    await revokeAccountSessions(tx, auth.account.id)
    await recordClosed(tx, auth, 'account')
  })
  await deleteIfAlone(db, auth.user.id)
}

/**
 * The caller leaves the session's account. Leaving is the removal a member makes themselves: the
 * membership, their sessions there, the API keys they made there and their seat go as when an
 * admin removes them (removeMember).
 */
export async function leaveAccountRows(deps: Deps, auth: Auth) {
  await removeMember(deps, auth.account.id, auth.user.id)
  await recordClosed(deps.db, auth, 'membership')
  await deleteIfAlone(deps.db, auth.user.id)
}
