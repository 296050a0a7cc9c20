import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Deps } from '../context'
import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { oneTimeTokens, users } from '../db/schema'
import { ApiError } from '../lib/errors'
import { revokeUserSessions } from './sessions'
import { consumeToken, emailTaken, sendTokenMail, type TokenKind } from './users'

// Account security: a stolen session must not be enough to take an
// account over by moving it to another address. The change itself asks for re-authentication
// (routes/user-email.ts); afterwards the old address is told, with a link that undoes it.

/**
 * After an email change: mails the OLD address a notice naming the new one, with a single-use
 * link (7 days, TOKEN_TTL_MS.email_revert) that restores it. The token records the old address.
 */
export function mailEmailChanged(
  deps: Deps,
  user: { id: string; name: string; locale: string },
  oldEmail: string,
  newEmail: string,
) {
  return sendTokenMail(deps, 'email_revert', { ...user, email: oldEmail }, { email: newEmail })
}

/** The links that act for the user who holds them (an invite, say, would act for an account). */
const USER_LINKS: TokenKind[] = ['verify', 'magic', 'reset', 'signin', 'email_revert']

const invalidLink = () => new ApiError(400, 'auth.token_invalid', { inputError: 'token' })
const addressTaken = () => new ApiError(400, 'user.email_revert_taken', { inputError: 'token' })

/**
 * Opens a revert link: restores the address it was mailed to (verified: opening the link proves
 * it is the reader's), uses up every other outstanding link of the user (reset, magic, verify and
 * other revert links — those mailed to the old address would otherwise work again) and revokes
 * every session, since the account may be in a stranger's hands. All or nothing: when the old
 * address now belongs to someone else, nothing changes and the link stays usable. Answers the
 * restored address.
 */
export async function revertEmailChange(db: Db, token: string): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const row = await consumeToken(tx, 'email_revert', token)
      if (!row?.userId || !row.email) throw invalidLink()
      const [user] = await tx.select({ id: users.id, disabled: users.disabled }).from(users).where(eq(users.id, row.userId))
      if (!user || user.disabled) throw invalidLink()
      if (await emailTaken(tx, row.email, user.id)) throw addressTaken()
      const now = new Date()
      await tx.update(users).set({ email: row.email, verified: true, updatedAt: now }).where(eq(users.id, user.id))
      await tx
        .update(oneTimeTokens)
        .set({ usedAt: now })
        .where(and(eq(oneTimeTokens.userId, user.id), inArray(oneTimeTokens.kind, USER_LINKS), isNull(oneTimeTokens.usedAt)))
      await revokeUserSessions(tx, user.id)
      return row.email
    })
  } catch (err) {
    // Someone took the old address between the check above and the write.
    if (isUniqueViolation(err)) throw addressTaken()
    throw err
  }
}
