import { and, eq, gte, isNull, sql } from 'drizzle-orm'
import type { PublicPage } from '~/shared/responses/public-page'
import { SLUG_PATTERN, isReservedSlug } from '~/shared/schemas/common'
import type { Db } from '../db/client'
import { accountDailyViews, accounts, books, memberships, users } from '../db/schema'
import { cachedPublicAnswer, type PublicAnswer } from './public-cache'
import { countView, flushViews } from './view-counter'

// The public list and its view counter. Every query here names the account it
// reads: the public one, found by its slug, or the caller's own (dashboard statistics).

// The answer's shapes live in src/shared (decision 44).
export type { PublicAccount, PublicBook, PublicPage } from '~/shared/responses/public-page'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** A string that could be a live slug (saves a query for /favicon.ico-like misses). */
export const couldBeSlug = (s: string) => SLUG_PATTERN.test(s) && !isReservedSlug(s)

/**
 * Loads a live account's public page by slug (any case) and counts one view: the answer comes
 * from the process's cache (public-cache.ts: one small query per load, the books re-read only
 * after a write to the list), the view is counted in memory and written within seconds
 * (view-counter.ts). Null when no live account has that slug. The page is shared and frozen.
 */
export async function loadPublicAnswer(
  db: Db,
  slug: string,
  opts: { ownerAccountId?: string } = {},
): Promise<PublicAnswer | null> {
  if (!couldBeSlug(slug)) return null
  const answer = await cachedPublicAnswer(db, slug)
  if (!answer) return null
  // The owner's own loads (and the dashboard's hidden frame) are not views of their list.
  if (answer.page.account.id !== opts.ownerAccountId) countView(db, answer.page.account.id)
  return answer
}

/** `loadPublicAnswer`'s page alone (server rendering of /{slug}). */
export async function loadPublicPage(
  db: Db,
  slug: string,
  opts: { ownerAccountId?: string } = {},
): Promise<PublicPage | null> {
  return (await loadPublicAnswer(db, slug, opts))?.page ?? null
}

/**
 * What a shared link's HTML needs (Open Graph tags): the owner's name and the book count of a
 * live account, or null. Reads only: the page's own API call counts the view.
 */
export async function publicSummary(
  db: Db,
  slug: string,
): Promise<{ slug: string; owner_name: string; books: number } | null> {
  if (!couldBeSlug(slug)) return null
  const result = await db.execute(sql`
    select a.slug,
      (select u.name from ${memberships} m join ${users} u on u.id = m.user_id
        where m.account_id = a.id and m.role in ('owner', 'master')
        order by (m.role = 'owner') desc, m.created_at, u.id limit 1) as owner_name,
      (select count(*)::int from ${books} b where b.account_id = a.id and b.deleted_at is null) as books
    from ${accounts} a
    where lower(a.slug) = ${slug.toLowerCase()} and a.closed_at is null
  `)
  const [row] = rowsOf<{ slug: string; owner_name: string | null; books: number }>(result)
  return row ? { slug: row.slug, owner_name: row.owner_name ?? '', books: Number(row.books) } : null
}

/** A live book on a public list (its account has a slug and is open), for "Add to my list". */
export async function findPublicBook(db: Db, bookId: string) {
  if (bookId.length > 200) return null
  const [row] = await db
    .select({ book: books })
    .from(books)
    .innerJoin(accounts, eq(accounts.id, books.accountId))
    .where(
      and(eq(books.id, bookId), isNull(books.deletedAt), sql`${accounts.slug} is not null`, isNull(accounts.closedAt)),
    )
  return row?.book ?? null
}

/**
 * Views per UTC day of one account since `from` (YYYY-MM-DD), days without views absent. This
 * process's counted views are written first, so the figures include every load it answered.
 */
export async function dailyViews(db: Db, accountId: string, from: string) {
  await flushViews(db)
  return db
    .select({ day: accountDailyViews.day, count: accountDailyViews.count })
    .from(accountDailyViews)
    .where(and(eq(accountDailyViews.accountId, accountId), gte(accountDailyViews.day, from)))
}

/** The account's views ever (the dashboard's total), this process's counted views included. */
export async function totalViews(db: Db, accountId: string): Promise<number> {
  await flushViews(db)
  const [row] = await db.select({ views: accounts.views }).from(accounts).where(eq(accounts.id, accountId))
  return Number(row?.views ?? 0)
}
