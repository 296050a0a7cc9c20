// The /books search box: title and author, ignoring case and accents ("garcia marquez" finds
// "García Márquez", "CIEN" finds "Cien años"). Every word typed must appear somewhere.

import { foldText, queryWords } from '~/client/lib/search'

export { foldText, queryWords }

export function matchesWords(book: { title: string; author: string | null }, words: string[]): boolean {
  if (words.length === 0) return true
  const haystack = foldText(`${book.title} ${book.author ?? ''}`)
  return words.every((w) => haystack.includes(w))
}
