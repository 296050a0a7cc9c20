import { and, eq, gte, isNull, sql } from 'drizzle-orm'
import type { PublicBook, PublicPage } from '~/shared/responses/public-page'
import { withDerived } from '~/shared/schemas/book'
import { SLUG_PATTERN, isReservedSlug } from '~/shared/schemas/common'
import type { Db } from '../db/client'
import { accountDailyViews, accounts, books, memberships, users } from '../db/schema'

// The public list (decisions §8) and its view counter. Every query here names the account it
// reads: the public one, found by its slug, or the caller's own (dashboard statistics).

// The answer's shapes live in src/shared (architecture.md rule 3).
export type { PublicAccount, PublicBook, PublicPage } from '~/shared/responses/public-page'

type Row = { id: string; owner_name: string | null; avatar: string | null; books: unknown }

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** A string that could be a live slug (saves a query for /favicon.ico-like misses). */
export const couldBeSlug = (s: string) => SLUG_PATTERN.test(s) && !isReservedSlug(s)

/** The UTC calendar day of `now` in the database, the key of the daily counter. */
const TODAY = sql`(now() at time zone 'UTC')::date`

/**
 * Loads a live account's public page by slug (any case) and counts one view, in ONE statement:
 * data-modifying CTEs always run to completion, so the account's total and today's row are
 * bumped whether or not the outer query reads them. Null when no live account has that slug.
 *
 * The two counters are hot rows under a popular list; each bump holds its row lock only for
 * this autocommit statement, and the statement commits without waiting for its WAL flush
 * (`synchronous_commit` off for this transaction only): a database crash may forget the last
 * fraction of a second of views, never anything else, and PostgreSQL serves ~2.5× the loads.
 */
export async function loadPublicPage(
  db: Db,
  slug: string,
  opts: { ownerAccountId?: string } = {},
): Promise<PublicPage | null> {
  if (!couldBeSlug(slug)) return null
  // The owner's own loads (and the dashboard's hidden frame) are not views of their list.
  const notCounted = opts.ownerAccountId ?? ''
  const result = await db.execute(sql`
    with acct as (
      select ${accounts.id} as id from ${accounts}
      where lower(${accounts.slug}) = ${slug.toLowerCase()} and ${accounts.closedAt} is null
    ), bump as (
      update ${accounts} set views = ${accounts.views} + 1
      where ${accounts.id} in (select id from acct where id <> ${notCounted}) returning ${accounts.id}
    ), daily as (
      insert into ${accountDailyViews} (account_id, day, count)
      select id, ${TODAY}, 1 from acct where id <> ${notCounted}
      on conflict (account_id, day) do update set count = ${accountDailyViews}.count + 1
      returning account_id
    )
    select acct.id, owner.name as owner_name, owner.avatar,
      set_config('synchronous_commit', 'off', true) as relaxed_commit,
      coalesce((
        select json_agg(json_build_object(
          'id', b.id, 'title', b.title, 'author', b.author, 'rating', b.rating, 'review', b.review,
          'started_at', b.started_at, 'finished_at', b.finished_at, 'imageUrl', b.image_url
        ) order by b.position collate "C" nulls last, case when b.position is null then b.created_at end desc, b.id)
        from ${books} b where b.account_id = acct.id and b.deleted_at is null
      ), '[]'::json) as books
    from acct
    left join lateral (
      select u.name, u.avatar from ${memberships} m join ${users} u on u.id = m.user_id
      where m.account_id = acct.id and m.role in ('owner', 'master')
      order by (m.role = 'owner') desc, m.created_at, u.id
      limit 1
    ) owner on true
  `)
  const [row] = rowsOf<Row>(result)
  if (!row) return null
  const list = (typeof row.books === 'string' ? JSON.parse(row.books) : row.books) as Omit<
    PublicBook,
    'started' | 'finished' | 'status'
  >[]
  return {
    books: list.map((b) => withDerived(b)),
    account: { id: row.id, owner_name: row.owner_name ?? '', avatar: row.avatar },
  }
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

/** Views per UTC day of one account since `from` (YYYY-MM-DD), days without views absent. */
export async function dailyViews(db: Db, accountId: string, from: string) {
  return db
    .select({ day: accountDailyViews.day, count: accountDailyViews.count })
    .from(accountDailyViews)
    .where(and(eq(accountDailyViews.accountId, accountId), gte(accountDailyViews.day, from)))
}
