import { and, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm'
import { UpdateBookInput } from '~/shared/schemas/book'
import { validate } from '../context'
import type { Tx } from '../db/client'
import { anyOf } from '../db/json-rows'
import { books } from '../db/schema'
import { translate } from '../messages'
import { ApiError } from '../lib/errors'
import { toBookJson, updateSet, type Answer } from './books'
import { attempt, checkShape, type RunWriter } from './books-bulk'

// A run of edits of distinct books, written with one UPDATE … FROM a JSON list instead of one
// UPDATE each. Each edit sets only the fields it names (the same field-level merge as a single
// PATCH: a field not named keeps the stored value), gets its own version in the batch's order, and
// answers what its single call would: 404 for a book that is not live in the account (never
// created, another account's, deleted, earlier in this batch too), 400 for bad input or a date
// sent alone that would land on the wrong side of the stored other date. Those are decided from
// one read of the run's books: every writer of an account's books holds the account row, so
// nothing changes them between that read and the UPDATE.

type Write = { id: string; version: number; set: Record<string, unknown> }

export const editRun: RunWriter = async (tx, accountId, locale, run, counter) => {
  const inputs = run.map((m) =>
    attempt(() => {
      checkShape(m)
      return validate(UpdateBookInput, m.data)
    }),
  )
  const ids = run.flatMap((m, i) => (inputs[i] instanceof ApiError ? [] : [m.id ?? '']))
  const live = new Map(
    ids.length
      ? (
          await tx
            .select({ id: books.id, startedAt: books.startedAt, finishedAt: books.finishedAt })
            .from(books)
            .where(and(eq(books.accountId, accountId), anyOf(books.id, ids), isNull(books.deletedAt)))
        ).map((r) => [r.id, r])
      : [],
  )
  const now = new Date()
  const writes: Write[] = []
  const verdicts = run.map((m, i): ApiError | Write => {
    const input = inputs[i]!
    if (input instanceof ApiError) return input
    const row = live.get(m.id ?? '')
    if (!row) return new ApiError(404, 'error.not_found')
    // datesInOrder (shared schema): a date sent alone keeps its order with the stored other one.
    const started = input.started_at
    const finished = input.finished_at
    if (started && finished === undefined && row.finishedAt != null && row.finishedAt < started)
      return new ApiError(400, 'validation.book.dates.order', { inputError: 'started_at' })
    if (finished && started === undefined && row.startedAt != null && row.startedAt > finished)
      return new ApiError(400, 'validation.book.dates.order', { inputError: 'finished_at' })
    counter += 1
    const write = { id: row.id, version: counter, set: updateSet(input, counter, now) }
    writes.push(write)
    return write
  })
  const rows = writes.length ? await updateAll(tx, accountId, writes, now) : new Map()
  const message = translate(locale, 'book.updated')
  const results = verdicts.map((w): ApiError | Answer => {
    if (w instanceof ApiError) return w
    const row = rows.get(w.id)
    // Cannot happen while every writer holds the account row; if it did, nothing is half-written.
    if (!row) throw new Error(`bulk edit of ${w.id} wrote no row`)
    return { status: 200, body: { data: toBookJson(row), message }, wrote: true }
  })
  return { results, counter }
}

/** The fields an edit may set, by the books table's property names (version and time aside). */
const FIELD_COLUMNS = Object.entries(getTableColumns(books)).filter(
  ([name]) => !['id', 'accountId', 'version', 'createdAt', 'updatedAt', 'deletedAt', 'source'].includes(name),
)

async function updateAll(tx: Tx, accountId: string, writes: Write[], now: Date) {
  const named = new Set(writes.flatMap((w) => Object.keys(w.set)))
  // Each named column: the edit's value when the edit names it, else the stored one.
  const set: Record<string, SQL | Date> = { version: sql`v.version`, updatedAt: now }
  for (const [name, col] of FIELD_COLUMNS) {
    if (!named.has(name)) continue
    set[name] =
      sql`case when v.p ? ${sql.raw(`'${name}'`)} then (v.p->>${sql.raw(`'${name}'`)})::${sql.raw(col.getSQLType())} else ${col} end`
  }
  const list = writes.map((w) => {
    const { version: _v, updatedAt: _u, ...fields } = w.set
    return { id: w.id, version: w.version, p: fields }
  })
  const rows = await tx
    .update(books)
    .set(set)
    .from(sql`jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as v(id text, version bigint, p jsonb)`)
    .where(and(sql`${books.id} = v.id`, eq(books.accountId, accountId), isNull(books.deletedAt)))
    .returning(getTableColumns(books))
  return new Map(rows.map((r) => [r.id, r]))
}
