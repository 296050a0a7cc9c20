import * as v from 'valibot'
import { isIsbn10, isIsbn13, toIsbn13 } from './book'

// The book catalogue behind /api/catalog: what a search result or an ISBN
// look-up answers, the same shape whichever upstream the server asks (Open Library by default).

export const CatalogBook = v.strictObject({
  title: v.string(),
  author: v.nullable(v.string()),
  /** ISBN-13 (an ISBN-10 is converted). */
  isbn: v.nullable(v.string()),
  /** A cover image URL (Open Library's covers service, medium size). */
  imageUrl: v.nullable(v.string()),
  pages: v.nullable(v.number()),
  year: v.nullable(v.number()),
})
export type CatalogBook = v.InferOutput<typeof CatalogBook>

export const CatalogSearchAnswer = v.strictObject({ data: v.array(CatalogBook) })
export const CatalogIsbnAnswer = v.strictObject({ data: CatalogBook })

export const CATALOG_QUERY = { min: 2, max: 200 } as const

/** A search as the cache keys it: case, accents' composition and spacing do not matter. */
export function normaliseQuery(q: string): string {
  return q.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim()
}

/** The ISBN-13 of a typed or scanned ISBN (hyphens, spaces allowed), or null when the check
 *  digit is wrong or it is no ISBN at all. */
export function normaliseIsbn(raw: string): string | null {
  const s = raw.replace(/[\s-]/g, '').toUpperCase()
  return isIsbn10(s) || isIsbn13(s) ? toIsbn13(s) : null
}
