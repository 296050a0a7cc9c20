// One rule for "the same book" by name, used by the import (a row already on the list is skipped)
// and by "Add to my list" (a book already on the list is not added again): the same title and
// author, ignoring case, accents and runs of spaces.

/** Lower case, no accents (NFD then no combining marks), single spaces. */
export function fold(s: string | null | undefined): string {
  return (s ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

/** Equal for two books with the same title and author in the sense above. */
export const bookNameKey = (b: { title: string; author?: string | null }) => `${fold(b.title)}\u0000${fold(b.author)}`
