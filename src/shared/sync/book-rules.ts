import type { StoredBook } from '../schemas/book-view'
import { givenFields, parseRetailerLink, withDerived, type BookFields, type EditableField } from '../schemas/book'

// The field rules of the book mutations, written once and run on both sides: the server's service
// writes what these give into its table, and the client's optimistic write (and its rebase after a
// pull) builds the local row with the same functions, so the row a device shows before the
// server answers is the row the server stores. Input checks and normalising (trimming, ISBN
// digits, the title from a link, the length limits) are the shared input schemas' job
// (CreateBookInput, UpdateBookInput); these rules take input those schemas have passed.

/**
 * What a create carries: the create input as the schema gives it (the server), or the outbox
 * payload (the client: the same input, which may carry the retailer link instead of the ISBN and
 * ASIN it did not name).
 */
export type CreateFields = { [K in EditableField | 'source']?: StoredBook[K] | null } & { link?: unknown }

/** Who and when: the new id, its account, the moment (ISO), the change-counter value. */
export interface CreateStamp {
  id: string
  accountId: string
  now: string
  version: number
}

/**
 * A new book with the create's defaults: a field not given is null, the day added is the day of
 * the create, ISBN and ASIN come from the retailer link unless given (given values win, an import
 * or an undo carries the book's own), and the source is the link's or "by hand" unless given.
 */
export function newBook(input: CreateFields, at: CreateStamp): StoredBook {
  const link = typeof input.link === 'string' ? parseRetailerLink(input.link) : null
  return {
    id: at.id,
    title: String(input.title ?? ''),
    author: input.author ?? null,
    rating: input.rating ?? null,
    review: input.review ?? null,
    started_at: input.started_at ?? null,
    finished_at: input.finished_at ?? null,
    imageUrl: input.imageUrl ?? null,
    isbn: input.isbn !== undefined ? input.isbn : (link?.isbn ?? null),
    asin: input.asin !== undefined ? input.asin : (link?.asin ?? null),
    pages: input.pages ?? null,
    year: input.year ?? null,
    position: input.position ?? null,
    added_at: input.added_at ?? at.now.slice(0, 10),
    source: input.source ?? (link ? 'link' : 'hand'),
    account_id: at.accountId,
    created_at: at.now,
    updated_at: at.now,
    version: at.version,
  }
}

/** The fields a patch sets: those it names among the fields a reader writes; nothing else. */
export const patchFields: (patch: object) => Partial<BookFields> = givenFields

/**
 * A patch merged onto a book, field by field: the fields it names take its values, every other
 * field keeps the book's, and the derived fields follow the dates. The server makes the same
 * merge in its UPDATE statement, setting `patchFields(patch)`.
 */
export function mergePatch<B extends StoredBook>(book: B, patch: object, updatedAt: string) {
  return withDerived({ ...book, ...patchFields(patch), updated_at: updatedAt })
}
