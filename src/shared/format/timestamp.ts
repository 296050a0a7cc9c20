// ISO timestamps are displayed as YYYY-MM-DD HH:MM:SS. The server stores and sends UTC;
// a table shows the reader's local wall-clock time unless asked for UTC.

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/**
 * Formats an ISO 8601 timestamp (or a Date) as `YYYY-MM-DD HH:MM:SS`, 24-hour clock.
 * Answers '' for a missing or unparseable value, so a bad cell renders blank instead of "NaN".
 */
export function formatTimestamp(value: string | Date | null | undefined, opts: { utc?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return ''
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const parts = opts.utc
    ? [
        date.getUTCFullYear(),
        date.getUTCMonth() + 1,
        date.getUTCDate(),
        date.getUTCHours(),
        date.getUTCMinutes(),
        date.getUTCSeconds(),
      ]
    : [date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours(), date.getMinutes(), date.getSeconds()]
  const [y, mo, d, h, mi, s] = parts as [number, number, number, number, number, number]
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}`
}
