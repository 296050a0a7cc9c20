import { and, asc, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm'
import { generateKeyBetween } from 'fractional-indexing'
import { CreateBookInput, UpdateBookInput, type Book } from '~/shared/schemas/book'
import { newBook, patchFields } from '~/shared/sync/book-rules'
import type { Locale } from '~/shared/schemas/common'
import * as v from 'valibot'
import {
  canonicalJson,
  IdempotencyKey,
  type BookMutationKind,
  type MutationResult,
  type PullResponse,
} from '~/shared/sync/protocol'
import { normaliseId, validate } from '../context'
import { fromRow, toColumns, toRow } from '../db/book-columns'
import type { Db, Tx } from '../db/client'
import { anyOf, insertJsonRows } from '../db/json-rows'
import { accounts, books, idempotencyKeys } from '../db/schema'
import { translate } from '../messages'
import { newId, sha256 } from '../lib/crypto'
import { ApiError } from '../lib/errors'
import { VersionedCache } from '../lib/versioned-cache'
import { isWellFormedText } from '../lib/input'
import { announce } from './live'
import { applyRun, bulkRun } from './books-bulk'

// Books of one account. Every function takes the
// caller's account id first and every query filters on it: this module is the one place the
// books tenant scope lives (architecture rule 7).

/** How long a stored Idempotency-Key answer is kept. Past it a replay is re-evaluated, which is
 *  still harmless: a create finds its own id, a delete finds a tombstone, an update re-sets the
 *  same values. */
export const IDEMPOTENCY_TTL_DAYS = 30

/** A row as the API answers it (the one mapping, db/book-columns.ts). */
export const toBookJson = fromRow

/** The order of every list of live books: newest first. */
const NEWEST_FIRST = [desc(books.createdAt), asc(books.id)] as const

/** Live books of an account, newest first (for public pages and dashboards too). */
export function liveBooks(db: Db, accountId: string) {
  return db
    .select()
    .from(books)
    .where(and(eq(books.accountId, accountId), isNull(books.deletedAt)))
    .orderBy(...NEWEST_FIRST)
}

/**
 * GET /api/books: the account's change counter (the cursor) and the rows, read by ONE statement,
 * so both come from one snapshot: every write numbered up to the counter has committed (writes
 * serialise on the account row) and is in the rows, and no later one is. One statement instead of
 * two, prepared once per database, also roughly halved the call's database time on PGlite.
 * An account without books still answers one row (its counter, no book).
 */
function preparePulls(db: Db) {
  const read = (which: SQL) =>
    db
      .select({ counter: accounts.changeCounter, book: books })
      .from(accounts)
      .leftJoin(books, and(eq(books.accountId, accounts.id), which))
      .where(eq(accounts.id, sql.placeholder('accountId')))
  return {
    live: read(isNull(books.deletedAt))
      .orderBy(...NEWEST_FIRST)
      .prepare('pull_live_books'),
    since: read(gt(books.version, sql.placeholder('since')))
      .orderBy(asc(books.version))
      .prepare('pull_books_since'),
  }
}
const pulls = new WeakMap<Db, ReturnType<typeof preparePulls>>()

export async function pullBooks(db: Db, accountId: string, since?: number): Promise<PullResponse> {
  let q = pulls.get(db)
  if (!q) pulls.set(db, (q = preparePulls(db)))
  // A cursor from the future (e.g. a restored database) cannot be continued: full snapshot. It
  // is only known to be from the future once the counter is read, hence the second read then.
  const result = since === undefined ? null : await q.since.execute({ accountId, since })
  const counterOf = (r: { counter: number }[]) => r[0]?.counter ?? 0
  if (result === null || since! > counterOf(result)) return (await readLive(q, accountId)).answer
  const rows = result.flatMap((r) => (r.book ? [r.book] : []))
  return {
    data: rows.filter((r) => !r.deletedAt).map(toBookJson),
    deleted: rows.filter((r) => r.deletedAt).map((r) => r.id),
    cursor: String(counterOf(result)),
    reset: false,
  }
}

async function readLive(q: ReturnType<typeof preparePulls>, accountId: string) {
  const rows = await q.live.execute({ accountId })
  const counter = rows[0]?.counter ?? 0
  const answer: PullResponse = {
    data: rows.flatMap((r) => (r.book ? [toBookJson(r.book)] : [])),
    deleted: [],
    cursor: String(counter),
    reset: true,
  }
  return { counter, answer }
}

/** Whole lists as answered (JSON), per account and change counter; see pullBooksJson. */
const LIST_CACHE_BYTES = 64 * 1024 * 1024
const lists = new WeakMap<Db, VersionedCache<string>>()

/**
 * GET /api/books's answer as JSON, for a caller whose authentication already read the account's
 * change counter (`counter`, the same statement as the session: no extra round trip to learn it).
 * Nothing changed since the caller's cursor: answered without the database. The whole list:
 * kept serialised per account at the counter it was read at, so a read after no write costs no
 * query and no serialisation; any book write bumps the counter (runBookMutations), and the next
 * read reads the list again. Other pulls: pullBooks.
 */
export async function pullBooksJson(db: Db, accountId: string, counter: number, since?: number): Promise<string> {
  if (since === counter) return JSON.stringify({ data: [], deleted: [], cursor: String(counter), reset: false })
  // Another cursor: read as before (one from the future is checked against a fresh counter).
  if (since !== undefined) return JSON.stringify(await pullBooks(db, accountId, since))
  let cache = lists.get(db)
  if (!cache) lists.set(db, (cache = new VersionedCache(LIST_CACHE_BYTES)))
  const kept =
    cache.get(accountId, counter) ??
    (await cache.fill(accountId, counter, async () => {
      let q = pulls.get(db)
      if (!q) pulls.set(db, (q = preparePulls(db)))
      const live = await readLive(q, accountId)
      const json = JSON.stringify(live.answer)
      return { version: live.counter, value: json, bytes: json.length }
    }))
  return kept!.value
}

/** The account's change counter now (the cursor a pull would answer). */
export async function changeCounter(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ counter: accounts.changeCounter }).from(accounts).where(eq(accounts.id, accountId))
  return row?.counter ?? 0
}

export async function getBook(db: Db, accountId: string, id: string): Promise<Book | null> {
  const [row] = await db
    .select()
    .from(books)
    .where(and(eq(books.id, id), eq(books.accountId, accountId), isNull(books.deletedAt)))
  return row ? toBookJson(row) : null
}

/** A write as received: the key (if any), its kind, the book id from the path, the raw JSON. */
export interface BookMutation {
  key: string | null
  kind: BookMutationKind
  id: string | null
  data: unknown
}

/**
 * Applies writes in order, in ONE transaction: lock the account row, answer stored replays,
 * stamp each write with the next change-counter value, store each answer under its key.
 * Errors the caller caused (ApiError) become that mutation's result; anything else rolls the
 * whole transaction back and surfaces as a 500, so the client retries every mutation.
 */
export async function runBookMutations(
  db: Db,
  accountId: string,
  locale: Locale,
  mutations: BookMutation[],
): Promise<(MutationResult & { replayed: boolean })[]> {
  return db.transaction(async (tx) => {
    const [acct] = await tx
      .select({ counter: accounts.changeCounter })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update')
    if (!acct) throw new ApiError(404, 'error.not_found')
    let counter = acct.counter
    const keys = [...new Set(mutations.map((m) => m.key).filter((k): k is string => k != null))]
    const stored = new Map<string, { requestHash: string; status: number; body: unknown }>()
    if (keys.length) {
      const rows = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.accountId, accountId), anyOf(idempotencyKeys.key, keys)))
      for (const r of rows) stored.set(r.key, r)
    }
    const fresh: (typeof idempotencyKeys.$inferInsert)[] = []
    const results: (MutationResult & { replayed: boolean })[] = []

    const remember = (m: BookMutation, hash: string, answer: { status: number; body: MutationResult['body'] }) => {
      if (!m.key) return
      const record = { accountId, key: m.key, requestHash: hash, status: answer.status, body: answer.body }
      fresh.push(record)
      stored.set(m.key, record)
    }
    const hashOf = (m: BookMutation) => sha256(canonicalJson({ kind: m.kind, id: m.id, data: m.data ?? null }))

    for (let i = 0; i < mutations.length; i++) {
      const m = mutations[i]!
      const key = m.key ?? ''
      const hash = hashOf(m)
      const prior = m.key ? stored.get(m.key) : undefined
      if (prior) {
        results.push(
          prior.requestHash === hash
            ? { key, status: prior.status, body: prior.body as MutationResult['body'], replayed: true }
            : { key, ...errorAnswer(locale, new ApiError(422, 'idempotency.key_reused')), replayed: false },
        )
        continue
      }
      // A run of new creates, of edits or of deletes is written with one statement.
      const run = bulkRun(mutations, i, stored)
      if (run.length > 1) {
        const applied = await applyRun(tx, accountId, locale, run, counter)
        counter = applied.counter
        for (const [j, r] of applied.results.entries()) {
          const rm = run[j]!
          if (r instanceof ApiError) results.push({ key: rm.key ?? '', ...errorAnswer(locale, r), replayed: false })
          else {
            remember(rm, hashOf(rm), r)
            results.push({ key: rm.key ?? '', status: r.status, body: r.body, replayed: false })
          }
        }
        i += run.length - 1
        continue
      }
      try {
        const answer = await applyOne(tx, accountId, locale, m, counter + 1)
        if (answer.wrote) counter += 1
        remember(m, hash, answer)
        results.push({ key, status: answer.status, body: answer.body, replayed: false })
      } catch (err) {
        if (!(err instanceof ApiError)) throw err
        results.push({ key, ...errorAnswer(locale, err), replayed: false })
      }
    }

    if (counter !== acct.counter) {
      await tx.update(accounts).set({ changeCounter: counter }).where(eq(accounts.id, accountId))
      // Delivered when (and only if) this transaction commits: the account's streams pull.
      await announce(tx, { k: 'books', a: accountId, c: counter })
    }
    await insertJsonRows(tx, idempotencyKeys, fresh)
    // Forget old answers now and then (every 256 writes of the account), off the common path.
    if (Math.floor(counter / 256) !== Math.floor(acct.counter / 256)) {
      await tx
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.accountId, accountId),
            lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${IDEMPOTENCY_TTL_DAYS})`),
          ),
        )
    }
    return results
  })
}

export type Answer = { status: number; body: MutationResult['body']; wrote: boolean }

export async function applyOne(
  tx: Tx,
  accountId: string,
  locale: Locale,
  m: BookMutation,
  version: number,
): Promise<Answer> {
  const msg = (key: 'book.created' | 'book.exists' | 'book.updated' | 'book.deleted') => translate(locale, key)
  const now = new Date()
  if (m.id !== null && !isWellFormedText(m.id))
    throw new ApiError(400, 'validation.text.invalid_char', { inputError: 'id' })
  if (m.kind !== 'book.delete' && (typeof m.data !== 'object' || m.data === null || Array.isArray(m.data))) {
    throw new ApiError(400, 'error.bad_request')
  }
  switch (m.kind) {
    case 'book.create': {
      const input = validate(CreateBookInput, m.data)
      const id = input.id ?? newId()
      // A book without a place in "Up next" goes on top, as the app places a new book.
      const position = input.position ?? (await topPosition(tx, accountId))
      const [row] = await tx
        .insert(books)
        .values(createValues(accountId, id, input, position, version, now))
        .onConflictDoNothing({ target: books.id })
        .returning()
      if (row) return { status: 201, body: { data: toBookJson(row), message: msg('book.created') }, wrote: true }
      // The id exists. In this account: the create already happened, unless the
      // book was deleted since (delete wins: 404). In another account: 409, revealing nothing.
      const [mine] = await tx
        .select()
        .from(books)
        .where(and(eq(books.id, id), eq(books.accountId, accountId)))
      if (!mine) throw new ApiError(409, 'book.id_taken', { inputError: 'id' })
      if (mine.deletedAt) throw new ApiError(404, 'error.not_found')
      return { status: 200, body: { data: toBookJson(mine), message: msg('book.exists') }, wrote: false }
    }
    case 'book.update': {
      const input = validate(UpdateBookInput, m.data)
      const set = updateSet(input, version, now)
      // datesInOrder (shared schema): a date sent alone must keep its order with the stored other
      // one, checked in the same statement (both sent: the schema has checked them already).
      const started = input.started_at
      const finished = input.finished_at
      const inOrder =
        started && finished === undefined
          ? sql`(${books.finishedAt} is null or ${books.finishedAt} >= ${started})`
          : finished && started === undefined
            ? sql`(${books.startedAt} is null or ${books.startedAt} <= ${finished})`
            : undefined
      const live = and(eq(books.id, m.id ?? ''), eq(books.accountId, accountId), isNull(books.deletedAt))
      const [row] = await tx.update(books).set(set).where(and(live, inOrder)).returning()
      if (!row && inOrder && (await tx.select({ id: books.id }).from(books).where(live)).length > 0) {
        throw new ApiError(400, 'validation.book.dates.order', { inputError: started ? 'started_at' : 'finished_at' })
      }
      if (!row) throw new ApiError(404, 'error.not_found')
      return { status: 200, body: { data: toBookJson(row), message: msg('book.updated') }, wrote: true }
    }
    case 'book.delete': {
      // A tombstone: the row stays (with deleted_at) so `since` pulls can report it.
      const [row] = await tx
        .update(books)
        .set({ deletedAt: now, updatedAt: now, version })
        .where(and(eq(books.id, m.id ?? ''), eq(books.accountId, accountId), isNull(books.deletedAt)))
        .returning({ id: books.id })
      if (!row) throw new ApiError(404, 'error.not_found')
      return { status: 200, body: { data: { id: row.id }, message: msg('book.deleted') }, wrote: true }
    }
  }
}

/** What an edit writes: the fields it names (field-level merge), its version and time. */
export function updateSet(input: UpdateBookInput, version: number, now: Date): Partial<typeof books.$inferInsert> {
  // The fields the patch names, and nothing else (field-level merge; shared/sync/book-rules.ts).
  return { ...toColumns(patchFields(input)), version, updatedAt: now }
}

/** The row a create inserts (the batch's set-based insert writes the same). */
export function createValues(
  accountId: string,
  id: string,
  input: CreateBookInput,
  position: string,
  version: number,
  now: Date,
): typeof books.$inferInsert {
  // The create's defaults are the client's optimistic row's too (shared/sync/book-rules.ts).
  return toRow(newBook({ ...input, position }, { id, accountId, now: now.toISOString(), version }))
}

/** A key before every live book's key in the account: the top of "Up next". */
async function topPosition(tx: Tx, accountId: string): Promise<string> {
  const [row] = await tx
    .select({ first: sql<string | null>`min(${books.position} collate "C")` })
    .from(books)
    .where(and(eq(books.accountId, accountId), isNull(books.deletedAt)))
  return generateKeyBetween(null, row?.first ?? null)
}

export function errorAnswer(locale: Locale, err: ApiError): { status: number; body: MutationResult['body'] } {
  return {
    status: err.status,
    body: {
      message: translate(locale, err.key, err.opts.params),
      ...(err.opts.inputError ? { inputError: err.opts.inputError } : {}),
    },
  }
}

/** Maps a batch entry to the single call it stands for, so both hash the same way. */
export function batchToMutation(b: { key: string; kind: BookMutationKind; id?: string; data?: unknown }): BookMutation {
  const id = b.kind === 'book.create' ? idOf(b.data) : b.id === undefined ? null : normaliseId(b.id)
  return { key: b.key, kind: b.kind, id, data: b.kind === 'book.delete' ? null : (b.data ?? null) }
}

export function idOf(data: unknown): string | null {
  const id = (data as { id?: unknown } | null)?.id
  return typeof id === 'string' ? id : null
}

/** The Idempotency-Key header of a book write: absent (null) or a valid key, else 400. */
export function readIdempotencyKey(header: string | undefined): string | null {
  if (header === undefined) return null
  if (!v.is(IdempotencyKey, header)) {
    throw new ApiError(400, 'validation.idempotency_key.invalid', { inputError: 'Idempotency-Key' })
  }
  return header
}
