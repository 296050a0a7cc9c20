import { getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Tx } from './client'

// Many rows in one statement with one parameter. A multi-row VALUES binds one parameter per cell
// (500 books × 19 columns is 9,500 of them) and an `in (…)` list one per id; PGlite (and the
// PostgreSQL driver) spend most of a large batch's time on those parameters: the same 500 books
// sent as one JSON list insert 3–6 times faster. Used by the batch writes (services/books-bulk*.ts).

/** `column = any($1)`: one array parameter however many values. */
export const anyOf = (column: PgColumn, values: readonly string[]): SQL =>
  sql`${column} = any(${sql.param([...values])}::text[])`

const driverValue = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null))

/**
 * Inserts `rows` (keyed by Drizzle's property names, as `.values()` takes them) from one JSON
 * list. A column that no row names takes its default; every row must name the same columns.
 * `skipConflictOn`: rows whose value there exists already are left out (on conflict do nothing).
 * Answers the `returning` column of the rows written.
 */
export async function insertJsonRows<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: Partial<T['$inferInsert']>[],
  opts: { skipConflictOn?: PgColumn; returning?: PgColumn } = {},
): Promise<unknown[]> {
  if (!rows.length) return []
  const named = Object.entries(getTableColumns(table)).filter(([key]) =>
    rows.some((r) => (r as Record<string, unknown>)[key] !== undefined),
  )
  const list = rows.map((r) =>
    Object.fromEntries(named.map(([key, col]) => [col.name, driverValue((r as Record<string, unknown>)[key])])),
  )
  const names = sql.join(
    named.map(([, col]) => sql.identifier(col.name)),
    sql`, `,
  )
  const types = sql.raw(named.map(([, col]) => `"${col.name}" ${col.getSQLType()}`).join(', '))
  const conflict = opts.skipConflictOn
    ? sql` on conflict (${sql.identifier(opts.skipConflictOn.name)}) do nothing`
    : sql``
  const returning = opts.returning ? sql` returning ${sql.identifier(opts.returning.name)}` : sql``
  const result = await tx.execute(
    sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as v(${types})${conflict}${returning}`,
  )
  const name = opts.returning?.name
  return name ? (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => r[name]) : []
}
