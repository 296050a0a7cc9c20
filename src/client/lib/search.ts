/** A search param as text (the router parses `?error=404` as a number; we want the text). */
export function searchText(search: Record<string, unknown>, key: string): string | undefined {
  const value = search[key]
  if (value === undefined || value === null || value === '') return undefined
  return typeof value === 'string' ? value : String(value)
}
