/**
 * A whole count as the reader's language writes it. Below 1,000 that is its digits in English and
 * Spanish alike, so no Intl.NumberFormat is made: the first one built on a page loads the
 * browser's number data, the costliest single step of hydrating a public list on a phone (about
 * 140 ms at the mobile CPU Lighthouse emulates). Larger counts get the grouping, from
 * `formatNumber` (the i18n instance's).
 */
export function formatCount(count: number, formatNumber: (n: number) => string): string {
  return Number.isInteger(count) && count >= 0 && count < 1000 ? String(count) : formatNumber(count)
}

const formatters = new Map<string, Intl.NumberFormat>()

/** `formatCount` in `locale`, its number formatter made once per language (the /books list
 *  writes "N of M books shown" on every search keystroke). */
export function countIn(locale: string, count: number): string {
  return formatCount(count, (n) => {
    let format = formatters.get(locale)
    if (!format) formatters.set(locale, (format = new Intl.NumberFormat(locale)))
    return format.format(n)
  })
}
