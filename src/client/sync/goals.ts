import type { LocalGoal, OutboxEntry, TbrDatabase } from '~/client/db'
import type { Goal } from '~/shared/schemas/goal'

// Reading goals on the device (decisions: the reader's year). A goal is one value per account
// and year, set whole: the last write to reach the server wins, as on a book field. The pull
// reads every goal of the account (a handful of rows) and this puts them in Dexie with the
// still-pending `goal.set` entries on top, so a pull never hides a goal set offline.

/** The goal an entry sets, as it shows locally until the server acknowledges it. */
export function goalOf(entry: OutboxEntry): LocalGoal {
  return {
    account_id: entry.accountId,
    year: Number(entry.entityId),
    books: Number((entry.payload as { books?: unknown }).books),
    sync: 'pending',
  }
}

/**
 * Replaces the account's goals with the server's, then re-applies pending `goal.set` entries in
 * order. Call inside a rw transaction over goals and outbox.
 */
export async function putServerGoals(d: TbrDatabase, accountId: string, goals: Goal[]) {
  await d.goals.where('account_id').equals(accountId).delete()
  await d.goals.bulkPut(goals.map((g) => ({ account_id: accountId, year: g.year, books: g.books, sync: 'synced' })))
  await rebaseGoals(d, accountId)
}

/** Pending goal entries of the account, applied on top of what `goals` holds. */
export async function rebaseGoals(d: TbrDatabase, accountId: string) {
  const pending = await d.outbox
    .orderBy('seq')
    .filter((e) => e.kind === 'goal.set' && e.accountId === accountId)
    .toArray()
  if (pending.length) await d.goals.bulkPut(pending.map(goalOf))
}

/** The signed-in account's goals, oldest year first. */
export function listGoals(d: TbrDatabase): Promise<LocalGoal[]> {
  return d.transaction('r', [d.goals, d.user], async () => {
    const me = await d.user.get('me')
    if (!me) return []
    const rows = await d.goals.where('account_id').equals(me.account_id).toArray()
    return rows.sort((a, b) => a.year - b.year)
  })
}
