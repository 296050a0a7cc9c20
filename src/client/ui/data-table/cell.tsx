import { formatTimestamp } from '~/shared/format/timestamp'
import { Badge } from './badge'
import type { Column } from './model'

/** One cell by column type; `render` wins when a column supplies it. */
export function Cell<T>({ column, row }: { column: Column<T>; row: T }) {
  if (column.render) return <>{column.render(row)}</>
  switch (column.type) {
    case 'badge': {
      const badge = column.value(row)
      return badge ? <Badge variant={badge.variant}>{badge.label}</Badge> : null
    }
    case 'datetime': {
      const value = column.value(row)
      const text = formatTimestamp(value)
      if (!text) return null
      // Shown as YYYY-MM-DD HH:MM:SS; the machine-readable instant stays in dateTime.
      const iso = value instanceof Date ? value.toISOString() : String(value)
      return <time dateTime={iso}>{text}</time>
    }
    case 'number': {
      const n = column.value(row)
      return <>{n ?? ''}</>
    }
    default:
      return <>{column.value(row) ?? ''}</>
  }
}
