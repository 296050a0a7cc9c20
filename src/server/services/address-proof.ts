import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { apiKeys, passkeys, users } from '../db/schema'
import { revokeUserSessions } from './sessions'
import type { UserRow } from './users'

/**
 * Someone may sign up first with another person's address and wait. When a user who is not yet
 * verified proves the address through another channel (a magic link, a social sign-in whose
 * provider vouches for the address, a password reset), whatever was set on that user before the
 * proof stops granting access (decisions: proof of an address resets a squatter): every session
 * ends (and pending second-factor tokens with them), the earlier password is removed (a reset
 * passes the new one), the second factor and passkeys are removed, the API keys the user created
 * are revoked and support access goes off. The prover keeps the account and its content.
 * An already verified user is answered unchanged, with `passwordHash` applied when given.
 * Answers the user as it now is, verified.
 */
export async function proveAddress(db: Db | Tx, user: UserRow, passwordHash?: string): Promise<UserRow> {
  const now = new Date()
  if (user.verified) {
    if (passwordHash === undefined) return user
    const [updated] = await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id)).returning()
    return updated!
  }
  const [updated] = await db
    .update(users)
    .set({
      verified: true,
      passwordHash: passwordHash ?? null,
      twoFactorEnabled: false,
      totpSecret: null,
      totpLastStep: null,
      backupCodeHash: null,
      supportEnabled: false,
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning()
  await db.delete(passkeys).where(eq(passkeys.userId, user.id))
  await db.update(apiKeys).set({ active: false }).where(and(eq(apiKeys.createdBy, user.id), eq(apiKeys.active, true)))
  await revokeUserSessions(db, user.id)
  return updated!
}
