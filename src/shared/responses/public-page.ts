import type { Book, PUBLIC_BOOK_FIELDS } from '../schemas/book-view'

// GET /api/public/{slug} → `data`, shared by the server that answers it (and renders
// it into the page's HTML) and the client that reads it (decision 44: the client never
// imports from src/server, not even a type).

/** A book as a public page shows it (PUBLIC_BOOK_FIELDS). */
export type PublicBook = Pick<Book, (typeof PUBLIC_BOOK_FIELDS)[number]>

export interface PublicAccount {
  id: string
  owner_name: string
  avatar: string | null
}

/** What services/views.ts loads for a slug. */
export interface PublicPage {
  books: PublicBook[]
  account: PublicAccount
}

/** The route's answer: the page plus the configured affiliate tag and, for a signed-in caller, `viewer`. */
export interface PublicPageData extends PublicPage {
  affiliate_tag: string
  viewer?: { account_id: string; own: boolean }
}
