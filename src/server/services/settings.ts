import { and, eq, ne, sql } from 'drizzle-orm'
import type { Auth } from '../context'
import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { accounts, memberships, users } from '../db/schema'
import { hashPassword } from '../lib/crypto'
import { ApiError } from '../lib/errors'
import { replaceAvatar } from './avatars'
import { announce } from './live'
import { endSupportSessions } from './sessions'
import type { UserRow } from './users'

// What people change about themselves and their account: profile and preferences, the picture,
// the account's name and public address, whether they finished the welcome, their password.
// The routes check who may change what (roles, step-up); these only write.

export type UserFields = Partial<
  Pick<
    typeof users.$inferInsert,
    'name' | 'supportEnabled' | 'darkMode' | 'locale' | 'defaultAccount' | 'email' | 'verified'
  >
>

export interface SettingsChange {
  user: UserFields
  /** A new picture (already squared) or an address; absent leaves the picture as it is. */
  avatar?: { image: Uint8Array } | { url: string | null }
  accountName?: string
  onboarded?: boolean
}

/** Saves a change of settings all or nothing; a taken address is a 400 on `email`. */
export async function saveSettings(db: Db, auth: Auth, change: SettingsChange) {
  try {
    await db.transaction(async (tx) => {
      if (change.avatar) await replaceAvatar(tx, auth.user.id, change.avatar)
      if (Object.keys(change.user).length) {
        await tx
          .update(users)
          .set({ ...change.user, updatedAt: new Date() })
          .where(eq(users.id, auth.user.id))
      }
      // Turning support access off ends any support session open as this person at once.
      if (change.user.supportEnabled === false) await endSupportSessions(tx, auth.user.id)
      if (change.accountName !== undefined) {
        await tx.update(accounts).set({ name: change.accountName }).where(eq(accounts.id, auth.account.id))
      }
      if (change.onboarded !== undefined) {
        await tx
          .update(memberships)
          .set({ onboarded: change.onboarded })
          .where(and(eq(memberships.userId, auth.user.id), eq(memberships.accountId, auth.account.id)))
      }
      // The person's other devices pull their settings now (delivered on commit).
      await announce(tx, { k: 'user', u: auth.user.id })
    })
  } catch (err) {
    // Another user took the address between the route's check and this write.
    if (isUniqueViolation(err)) throw new ApiError(400, 'user.email_taken', { inputError: 'email' })
    throw err
  }
}

/** Sets the user's password; answers the user as it now is. */
export async function setPassword(db: Db, userId: string, password: string): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning()
  return updated!
}

/** Whether an account other than `exceptAccountId` has this slug (slugs are unique in any case). */
export async function slugTaken(db: Db, slug: string, exceptAccountId: string) {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(sql`lower(${accounts.slug}) = ${slug.toLowerCase()}`, ne(accounts.id, exceptAccountId)))
  return row !== undefined
}

/**
 * Gives the account a new public address; the old one is free at once (it is simply
 * overwritten). A taken slug is a 400 on `slug`, also when two accounts race for it (the unique
 * index decides).
 */
export async function setSlug(db: Db, accountId: string, slug: string) {
  if (await slugTaken(db, slug, accountId)) throw new ApiError(400, 'url.taken', { inputError: 'slug' })
  try {
    await db.update(accounts).set({ slug }).where(eq(accounts.id, accountId))
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(400, 'url.taken', { inputError: 'slug' })
    throw err
  }
}
