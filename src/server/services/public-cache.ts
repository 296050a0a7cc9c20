import { createHash } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { withDerived } from '~/shared/schemas/book'
import { localWriteCount, type Db } from '../db/client'
import { VersionedCache, type Versioned } from '../lib/versioned-cache'
import { accounts, books, memberships, users } from '../db/schema'
import type { PublicBook, PublicPage } from './views'

// The public list's cache (decision
// 45). Each load still asks the database ONE small indexed question: which live account has
// this slug, its change counter and its owner's name and avatar. The expensive part, the books
// (json_agg over the whole list), is kept per account and reused while the account's change
// counter is the one it was read at. Every book write goes through runBookMutations, which bumps
// that counter in the write's transaction (it is the sync cursor), so no write path can
// forget to invalidate the cache, and a write in any process on the same PostgreSQL is seen by
// every other process on its next load. The slug, the closed state and the owner are read fresh
// on every load: a slug change, a closed account, a new name or avatar, a new owner show at once.

/** `books` and `account` of an answer as JSON (`"books":[…],"account":{…}`) and its fingerprint. */
export interface PublicAnswer {
  page: PublicPage
  json: string
  /** A hash of `json`: equal tags, equal answers (the route's ETag starts from it). */
  tag: string
}

interface Books {
  books: PublicBook[]
  booksJson: string
  /** The last answer built from these books (rebuilt when the owner's name or avatar differ). */
  answer?: PublicAnswer
}

/** Lists kept per process at most, by the size of their JSON (the least recently used go first). */
const MAX_BYTES = 64 * 1024 * 1024

// `accounts.id` is spelled out in the subqueries: drizzle writes a column of a one-table select
// unqualified ("id"), which inside them would name the inner table's column.
function prepare(db: Db) {
  const owner = sql<[string | null, string | null] | null>`(
    select json_build_array(u.name, u.avatar) from ${memberships} m join ${users} u on u.id = m.user_id
    where m.account_id = accounts.id and m.role in ('owner', 'master')
    order by (m.role = 'owner') desc, m.created_at, u.id
    limit 1)`
  const list = sql<unknown>`coalesce((
    select json_agg(json_build_object(
      'id', b.id, 'title', b.title, 'author', b.author, 'rating', b.rating, 'review', b.review,
      'started_at', b.started_at, 'finished_at', b.finished_at, 'imageUrl', b.image_url
    ) order by b.position collate "C" nulls last, case when b.position is null then b.created_at end desc, b.id)
    from ${books} b where b.account_id = accounts.id and b.deleted_at is null
  ), '[]'::json)`
  return {
    head: db
      .select({ id: accounts.id, counter: accounts.changeCounter, owner })
      .from(accounts)
      .where(and(sql`lower(${accounts.slug}) = ${sql.placeholder('slug')}`, isNull(accounts.closedAt)))
      .prepare('public_head'),
    // The counter and the books from one statement: one snapshot, so the books are exactly the
    // ones written up to that counter.
    books: db
      .select({ counter: accounts.changeCounter, books: list })
      .from(accounts)
      .where(eq(accounts.id, sql.placeholder('id')))
      .prepare('public_books'),
  }
}

type Head = Awaited<ReturnType<ReturnType<typeof prepare>['head']['execute']>>[number]

interface Cache {
  queries: ReturnType<typeof prepare>
  lists: VersionedCache<Books>
  /** PGlite only: the heads read since the database's write count was `at` (misses too). */
  heads: { at: number; bySlug: Map<string, Head | null> }
}
const caches = new WeakMap<Db, Cache>()

function cacheOf(db: Db): Cache {
  let c = caches.get(db)
  if (!c) {
    const heads = { at: -1, bySlug: new Map() }
    caches.set(db, (c = { queries: prepare(db), lists: new VersionedCache(MAX_BYTES), heads }))
  }
  return c
}

/** Heads kept at most on PGlite between two writes (a crawler trying slugs must not grow it). */
const MAX_HEADS = 10_000

/**
 * The live account with this slug, its counter and owner. On PGlite, whose every write passes
 * through this process (db/client.ts localWriteCount), an answer stands until the next write: a
 * load after no write asks no query at all. The count is noted BEFORE the query, so a write that
 * lands meanwhile makes the next load ask again.
 */
async function readHead(db: Db, c: Cache, slug: string): Promise<Head | null> {
  const writes = localWriteCount(db)
  if (!writes) return (await c.queries.head.execute({ slug }))[0] ?? null
  const at = writes()
  if (c.heads.at !== at || c.heads.bySlug.size >= MAX_HEADS) c.heads = { at, bySlug: new Map() }
  const kept = c.heads.bySlug.get(slug)
  if (kept !== undefined) return kept
  const heads = c.heads
  const [head] = await c.queries.head.execute({ slug })
  heads.bySlug.set(slug, head ?? null)
  return head ?? null
}

/** The public answer of the live account with this slug (any case), or null. */
export async function cachedPublicAnswer(db: Db, slug: string): Promise<PublicAnswer | null> {
  const c = cacheOf(db)
  const head = await readHead(db, c, slug.toLowerCase())
  if (!head) return null
  const kept =
    c.lists.get(head.id, head.counter) ?? (await c.lists.fill(head.id, head.counter, () => readBooks(c, head.id)))
  if (!kept) return null
  const [ownerName, avatar] = parseJson(head.owner) ?? [null, null]
  const account = { id: head.id, owner_name: ownerName ?? '', avatar }
  const list = kept.value
  const last = list.answer
  if (last && last.page.account.owner_name === account.owner_name && last.page.account.avatar === account.avatar)
    return last
  const json = `"books":${list.booksJson},"account":${JSON.stringify(account)}`
  const tag = createHash('sha1').update(json).digest('base64url')
  list.answer = { page: Object.freeze({ books: list.books, account: Object.freeze(account) }), json, tag }
  return list.answer
}

async function readBooks(c: Cache, accountId: string): Promise<Versioned<Books> | null> {
  const [row] = await c.queries.books.execute({ id: accountId })
  if (!row) return null
  const raw = parseJson(row.books) as Omit<PublicBook, 'started' | 'finished' | 'status'>[]
  // Frozen: callers (the route, server rendering) share these objects.
  const books = Object.freeze(raw.map((b) => Object.freeze(withDerived(b)))) as PublicBook[]
  const booksJson = JSON.stringify(books)
  return { version: row.counter, value: { books, booksJson }, bytes: booksJson.length }
}

/** node-postgres and PGlite parse json columns; a driver that hands back text is parsed here. */
const parseJson = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v)
