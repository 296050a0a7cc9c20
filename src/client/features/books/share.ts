import { BOOK_LIMITS, parseRetailerLink, type CreateBookRaw } from '~/shared/schemas/book'

// The manifest's share_target opens /books/new?title=…&text=…&url=… (GET). What the other app
// shares becomes a book: the title from `title`, else a retailer link found in `url` or `text`
// (the shared parser derives the title and ISBN/ASIN without fetching), else the text itself.

export interface SharedParams {
  title?: string
  text?: string
  url?: string
}

const URLS = /\bhttps?:\/\/[^\s<>"']+/gi

/** The first retailer product link in the shared url or text (trailing punctuation dropped). */
export function findRetailerLink(...sources: (string | undefined)[]): string | undefined {
  for (const source of sources) {
    if (!source) continue
    for (const match of source.matchAll(URLS)) {
      const url = match[0].replace(/[),.;:!?\]]+$/, '')
      if (parseRetailerLink(url)) return url
    }
  }
  return undefined
}

const clean = (s: string | undefined) => (s ?? '').replace(URLS, ' ').replace(/\s+/g, ' ').trim().slice(0, BOOK_LIMITS.title)

/** True when the page was opened by a share (any of the three params carries something). */
export function isShare(p: SharedParams): boolean {
  return [p.title, p.text, p.url].some((s) => !!s?.trim())
}

/** The book to add for a share, or null when nothing usable was shared. */
export function bookFromShare(p: SharedParams): CreateBookRaw | null {
  const link = findRetailerLink(p.url, p.text)
  const title = clean(p.title)
  if (title) return link ? { title, link } : { title }
  if (link) {
    if (parseRetailerLink(link)?.title) return { link }
    // A product link without a title in it (amazon.com/dp/B0…): the words around it, if any.
    const words = clean(p.text)
    return words ? { title: words, link } : null
  }
  const text = clean(p.text) || (p.url ?? '').trim().slice(0, BOOK_LIMITS.title)
  return text ? { title: text } : null
}
