import type { BookStatus } from '~/shared/schemas/book'
import { isReservedSlug, SLUG_PATTERN } from '~/shared/schemas/common'
import type { PublicBook } from './api/public-list'

// Pure helpers of the public page /{id}, tested in list-model.test.ts.

/** A path segment that could be a live slug; anything else is not found at once. */
export const couldBeSlug = (s: string) => SLUG_PATTERN.test(s) && !isReservedSlug(s)

export type StatusFilter = BookStatus | 'any'

export const STATUS_FILTERS: StatusFilter[] = ['any', 'not_started', 'reading', 'finished']

export const isStatusFilter = (value: unknown): value is StatusFilter =>
  typeof value === 'string' && (STATUS_FILTERS as string[]).includes(value)

/** Lower-case, accents dropped, so "garcia" finds "García". */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase()

/** The search box matches title or author; the status filter narrows by derived status. */
export function filterBooks<B extends Pick<PublicBook, 'title' | 'author' | 'status'>>(
  books: B[],
  query: string,
  status: StatusFilter,
): B[] {
  const words = fold(query).split(/\s+/).filter(Boolean)
  return books.filter((b) => {
    if (status !== 'any' && b.status !== status) return false
    if (words.length === 0) return true
    const text = fold(`${b.title} ${b.author ?? ''}`)
    return words.every((w) => text.includes(w))
  })
}

export const RETAILER_SEARCH = 'https://www.amazon.com/s'

/**
 * The "Buy" link is a retailer search for "title author" with the fixed affiliate
 * tag from the server's configuration (AFFILIATE_TAG, sent as `affiliate_tag`).
 */
export function buyUrl(book: Pick<PublicBook, 'title' | 'author'>, tag: string): string {
  const url = new URL(RETAILER_SEARCH)
  url.searchParams.set('k', [book.title, book.author].filter(Boolean).join(' '))
  if (tag) url.searchParams.set('tag', tag)
  return url.toString()
}
