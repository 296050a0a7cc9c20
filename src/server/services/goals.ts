import { and, asc, eq } from 'drizzle-orm'
import type { Locale } from '~/shared/schemas/common'
import type { Goal } from '~/shared/schemas/goal'
import { canonicalJson } from '~/shared/sync/protocol'
import type { Db } from '../db/client'
import { accounts, idempotencyKeys, readingGoals } from '../db/schema'
import { translate } from '../messages'
import { sha256 } from '../lib/crypto'
import { ApiError } from '../lib/errors'
import { announce } from './live'

// Reading goals of one account (decisions: the reader's year). Every query filters on the
// caller's account id: this module is the one place the goals tenant scope lives.

export async function listGoals(db: Db, accountId: string): Promise<Goal[]> {
  return db
    .select({ year: readingGoals.year, books: readingGoals.books })
    .from(readingGoals)
    .where(eq(readingGoals.accountId, accountId))
    .orderBy(asc(readingGoals.year))
}

export interface GoalAnswer {
  status: number
  body: { data?: Goal; message?: string; inputError?: string }
  replayed: boolean
}

/**
 * Sets the goal of `year`, the last write to arrive winning. With an Idempotency-Key the write is
 * exactly-once like a book write: the account row is locked (so two copies of one request
 * serialise), a stored answer for the same key and payload is answered again with nothing
 * changed, the same key with another payload is 422, and the answer is stored in the same
 * transaction as the write, in the store book writes use.
 */
export async function setGoal(
  db: Db,
  accountId: string,
  locale: Locale,
  key: string | null,
  goal: Goal,
): Promise<GoalAnswer> {
  const hash = sha256(canonicalJson({ kind: 'goal.set', id: String(goal.year), data: { books: goal.books } }))
  return db.transaction(async (tx) => {
    const [acct] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update')
    if (!acct) throw new ApiError(404, 'error.not_found')
    if (key) {
      const [prior] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)))
      if (prior && prior.requestHash !== hash) throw new ApiError(422, 'idempotency.key_reused')
      if (prior) return { status: prior.status, body: prior.body as GoalAnswer['body'], replayed: true }
    }
    const now = new Date()
    await tx
      .insert(readingGoals)
      .values({ accountId, year: goal.year, books: goal.books, updatedAt: now })
      .onConflictDoUpdate({
        target: [readingGoals.accountId, readingGoals.year],
        set: { books: goal.books, updatedAt: now },
      })
    const body = { data: { year: goal.year, books: goal.books }, message: translate(locale, 'goal.saved') }
    if (key) await tx.insert(idempotencyKeys).values({ accountId, key, requestHash: hash, status: 200, body })
    await announce(tx, { k: 'goals', a: accountId })
    return { status: 200, body, replayed: false }
  })
}
