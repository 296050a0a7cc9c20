import { and, eq, isNull, sql } from 'drizzle-orm'
import { CreateBookInput } from '~/shared/schemas/book'
import type { Locale } from '~/shared/schemas/common'
import { validate } from '../context'
import type { BookRow } from '../db/book-columns'
import type { Tx } from '../db/client'
import { anyOf, insertJsonRows } from '../db/json-rows'
import { books } from '../db/schema'
import { translate } from '../messages'
import { newId } from '../lib/crypto'
import { ApiError } from '../lib/errors'
import { isWellFormedText } from '../lib/input'
import { editRun } from './books-bulk-edits'
import { applyOne, createValues, toBookJson, type Answer, type BookMutation } from './books'

// Set-based writes for a batch (a device flushing its outbox sends hundreds of creates in a row,
// edits in a row and deletes in a row): one INSERT for a run of new books, one UPDATE for a run of
// edits (books-bulk-edits.ts) and one for a run of deletes, instead of one statement per book. The answers, versions and stored keys are the ones the
// one-by-one path gives; whatever that path would treat specially (an id that exists already, a
// create without a place in "Up next") still goes through it, in the same transaction.

const MAX_RUN = 500

/**
 * The mutations from `start` that can be written together: creates that name their place in
 * "Up next" (a create without one goes on top of the books before it, so it waits its turn),
 * or edits or deletes of distinct books (a second edit of a book starts the next run, so it lands
 * on the first); never a key seen before (a replay answers from its first use).
 */
export function bulkRun(mutations: BookMutation[], start: number, stored: Map<string, unknown>): BookMutation[] {
  const kind = mutations[start]!.kind
  const keys = new Set<string>()
  const ids = new Set<string>()
  const run: BookMutation[] = []
  for (let i = start; i < mutations.length && run.length < MAX_RUN; i++) {
    const m = mutations[i]!
    if (m.kind !== kind) break
    if (m.key != null && (stored.has(m.key) || keys.has(m.key))) break
    if (kind === 'book.create' && typeof (m.data as { position?: unknown } | null)?.position !== 'string') break
    if (kind !== 'book.create' && ids.has(m.id ?? '')) break
    if (m.key != null) keys.add(m.key)
    ids.add(m.id ?? '')
    run.push(m)
  }
  return run
}

export type RunResult = { results: (Answer | ApiError)[]; counter: number }

/** Writes a run of mutations of one kind (bulkRun's) in the batch's transaction: each one's answer, and the counter after. */
export type RunWriter = (
  tx: Tx,
  accountId: string,
  locale: Locale,
  run: BookMutation[],
  counter: number,
) => Promise<RunResult>

export const applyRun: RunWriter = (tx, accountId, locale, run, counter) =>
  writers[run[0]!.kind](tx, accountId, locale, run, counter)

/** The id and data checks of one mutation, as the one-by-one path makes them. */
export function checkShape(m: BookMutation) {
  if (m.id !== null && !isWellFormedText(m.id))
    throw new ApiError(400, 'validation.text.invalid_char', { inputError: 'id' })
  if (m.kind !== 'book.delete' && (typeof m.data !== 'object' || m.data === null || Array.isArray(m.data)))
    throw new ApiError(400, 'error.bad_request')
}

export const attempt = <T>(fn: () => T): T | ApiError => {
  try {
    return fn()
  } catch (err) {
    if (err instanceof ApiError) return err
    throw err
  }
}

const createRun: RunWriter = async (tx, accountId, locale, run, counter) => {
  const now = new Date()
  const parsed = run.map((m) =>
    attempt(() => {
      checkShape(m)
      const input = validate(CreateBookInput, m.data)
      return { id: input.id ?? newId(), input }
    }),
  )
  const ids = parsed.flatMap((p) => (p instanceof ApiError ? [] : [p.id]))
  const taken = new Set(
    ids.length ? (await tx.select({ id: books.id }).from(books).where(anyOf(books.id, ids))).map((r) => r.id) : [],
  )
  // New ids, each once and with a place, are inserted together, numbered in the batch's order.
  const fresh = new Map<number, { id: string; version: number }>()
  const values = []
  for (const [i, p] of parsed.entries()) {
    if (p instanceof ApiError || p.input.position == null || taken.has(p.id)) continue
    taken.add(p.id)
    counter += 1
    fresh.set(i, { id: p.id, version: counter })
    values.push(createValues(accountId, p.id, p.input, p.input.position, counter, now))
  }
  // The rows written are the values sent (the table adds nothing to a new book), so only their
  // ids come back: one taken meanwhile by another account is left out and answered below.
  const written = new Set(await insertJsonRows(tx, books, values, { skipConflictOn: books.id, returning: books.id }))
  const inserted = new Map(
    values.filter((v) => written.has(v.id)).map((v): [string, BookRow] => [v.id, { ...v, deletedAt: null } as BookRow]),
  )
  const results: (Answer | ApiError)[] = []
  for (const [i, p] of parsed.entries()) {
    if (p instanceof ApiError) {
      results.push(p)
      continue
    }
    const row = fresh.has(i) ? inserted.get(p.id) : undefined
    if (row) {
      results.push({
        status: 201,
        body: { data: toBookJson(row), message: translate(locale, 'book.created') },
        wrote: true,
      })
      continue
    }
    // An id that exists (here or in another account), or one taken meanwhile: the one-by-one path.
    const answer = await applyOne(tx, accountId, locale, run[i]!, counter + 1).catch((err: unknown) => {
      if (err instanceof ApiError) return err
      throw err
    })
    if (!(answer instanceof ApiError) && answer.wrote) counter += 1
    results.push(answer)
  }
  return { results, counter }
}

const deleteRun: RunWriter = async (tx, accountId, locale, run, counter) => {
  const checked = run.map((m) => attempt(() => checkShape(m)))
  const ids = run.flatMap((m, i) => (checked[i] instanceof ApiError ? [] : [m.id ?? '']))
  const live = new Set(
    ids.length
      ? (
          await tx
            .select({ id: books.id })
            .from(books)
            .where(and(eq(books.accountId, accountId), anyOf(books.id, ids), isNull(books.deletedAt)))
        ).map((r) => r.id)
      : [],
  )
  const versions = new Map<string, number>()
  const results: (Answer | ApiError)[] = run.map((m, i) => {
    const c = checked[i]
    if (c instanceof ApiError) return c
    const id = m.id ?? ''
    if (!live.has(id)) return new ApiError(404, 'error.not_found')
    counter += 1
    versions.set(id, counter)
    return { status: 200, body: { data: { id }, message: translate(locale, 'book.deleted') }, wrote: true }
  })
  if (versions.size) {
    const now = new Date()
    // A tombstone per book, each with its own version (the row stays so `since` pulls report it).
    const list = JSON.stringify([...versions].map(([id, version]) => ({ id, version })))
    await tx
      .update(books)
      .set({ deletedAt: now, updatedAt: now, version: sql`v.version` })
      .from(sql`jsonb_to_recordset(${list}::jsonb) as v(id text, version bigint)`)
      .where(and(sql`${books.id} = v.id`, eq(books.accountId, accountId), isNull(books.deletedAt)))
  }
  return { results, counter }
}

const writers: Record<BookMutation['kind'], RunWriter> = {
  'book.create': createRun,
  'book.update': editRun,
  'book.delete': deleteRun,
}
