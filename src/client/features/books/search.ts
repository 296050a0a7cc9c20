// The /books search box: title and author, ignoring case and accents ("garcia marquez" finds
// "García Márquez", "CIEN" finds "Cien años"). Every word typed must appear somewhere.

/** Lower case, accents and other combining marks removed, spaces collapsed. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLocaleLowerCase().replace(/\s+/g, ' ').trim()
}

/** The query's words, folded; an empty list matches everything. */
export function queryWords(query: string): string[] {
  const folded = foldText(query)
  return folded ? folded.split(' ') : []
}

export function matchesWords(book: { title: string; author: string | null }, words: string[]): boolean {
  if (words.length === 0) return true
  const haystack = foldText(`${book.title} ${book.author ?? ''}`)
  return words.every((w) => haystack.includes(w))
}
