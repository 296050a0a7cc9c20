import type { ReactNode } from 'react'
import { formatTimestamp } from '~/shared/format/timestamp'

// The data model of the table: columns, sorting and searching, kept free of React so the rules of
// searching, sortable columns and sort toggling (asc/desc) are tested on their own.

/** Table rows each have an id. */
export interface Row {
  id: string
}

export type BadgeVariant = 'neutral' | 'accent' | 'success' | 'info' | 'warning' | 'danger'
export interface BadgeValue {
  label: string
  variant: BadgeVariant
}

interface ColumnBase<T> {
  key: string
  /** Visible header text (already translated). */
  header: string
  /** Default true. */
  sortable?: boolean
  /** Default true: the search box matches the cell's text. */
  searchable?: boolean
  /** Custom cell content; sorting and search still use `value`. */
  render?: (row: T) => ReactNode
  align?: 'start' | 'end'
  /**
   * A secondary column left out on a phone (below the md breakpoint) so the table fits the screen
   * without sideways scrolling: its value is written under the first column's instead ("Header:
   * value", a badge alone). It is still searched and sorted, and a column of its own from md up.
   */
  hideBelow?: 'md'
}

export type Column<T> = ColumnBase<T> &
  (
    | { type?: 'text'; value: (row: T) => string | null | undefined }
    | { type: 'number'; value: (row: T) => number | null | undefined }
    /** An ISO 8601 timestamp, shown as YYYY-MM-DD HH:MM:SS. */
    | { type: 'datetime'; value: (row: T) => string | Date | null | undefined }
    /** A badge cell: a label in one of the badge variants. */
    | { type: 'badge'; value: (row: T) => BadgeValue | null | undefined }
  )

export type SortDirection = 'asc' | 'desc'
export interface SortState {
  key: string
  direction: SortDirection
}

/** Repeated clicks on one column toggle asc ↔ desc; another column starts ascending. */
export function nextSort(current: SortState | null, key: string): SortState {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
  return { key, direction: 'asc' }
}

/** The text a cell shows, which is also what the search box matches. */
export function cellText<T>(column: Column<T>, row: T): string {
  switch (column.type) {
    case 'number': {
      const n = column.value(row)
      return n === null || n === undefined ? '' : String(n)
    }
    case 'datetime':
      return formatTimestamp(column.value(row))
    case 'badge':
      return column.value(row)?.label ?? ''
    default:
      return column.value(row) ?? ''
  }
}

function sortKey<T>(column: Column<T>, row: T): string | number | null {
  switch (column.type) {
    case 'number': {
      const n = column.value(row)
      return typeof n === 'number' && !Number.isNaN(n) ? n : null
    }
    case 'datetime': {
      const v = column.value(row)
      if (v === null || v === undefined || v === '') return null
      const time = (v instanceof Date ? v : new Date(v)).getTime()
      return Number.isNaN(time) ? null : time
    }
    default: {
      const text = cellText(column, row)
      return text === '' ? null : text
    }
  }
}

/** Stable sort; empty values go last in both directions so they never crowd the top. */
export function sortRows<T>(
  rows: readonly T[],
  column: Column<T> | undefined,
  direction: SortDirection,
  locale?: string,
): T[] {
  if (!column) return [...rows]
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' })
  const sign = direction === 'asc' ? 1 : -1
  const keyed = rows.map((row) => ({ row, key: sortKey(column, row) }))
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) return a.key === b.key ? 0 : a.key === null ? 1 : -1
    const order =
      typeof a.key === 'number' && typeof b.key === 'number'
        ? a.key - b.key
        : collator.compare(String(a.key), String(b.key))
    return order * sign
  })
  return keyed.map((k) => k.row)
}

/** Lower case without accents, so "garcia" finds "García" (the app is English and Spanish). */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()
}

/** Rows whose searchable cells contain every word of the query. */
export function searchRows<T>(rows: readonly T[], columns: readonly Column<T>[], query: string): T[] {
  const words = normalizeSearch(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...rows]
  const searchable = columns.filter((c) => c.searchable !== false)
  return rows.filter((row) => {
    const haystack = normalizeSearch(searchable.map((c) => cellText(c, row)).join(' '))
    return words.every((word) => haystack.includes(word))
  })
}
