/** A search param as text (the router parses `?error=404` as a number; we want the text). */
export function searchText(search: Record<string, unknown>, key: string): string | undefined {
  const value = search[key]
  if (value === undefined || value === null || value === '') return undefined
  return typeof value === 'string' ? value : String(value)
}

const ASCII = /^[\x00-\x7f]*$/

/**
 * Search boxes (the /books list, the /help questions) match ignoring case and accents
 * ("garcia marquez" finds "García Márquez"): lower case, combining marks removed, spaces collapsed.
 */
export function foldText(text: string): string {
  // Plain ASCII has no accents to take off: the Unicode steps are skipped (a search keystroke's
  // query, most titles), which on a phone-class CPU cost most of the call.
  const plain = ASCII.test(text) ? text : text.normalize('NFD').replace(/\p{M}+/gu, '')
  return plain.toLocaleLowerCase().replace(/\s+/g, ' ').trim()
}

/** The query's words, folded; an empty list matches everything. */
export function queryWords(query: string): string[] {
  const folded = foldText(query)
  return folded ? folded.split(' ') : []
}
