import { isReservedSlug, Slug } from '~/shared/schemas/common'
import * as v from 'valibot'

/**
 * What is wrong with `value` by the shared slug rules (the pattern, then reserved
 * names: SlugInput's PublicSlug, step for step), as the catalog id the form shows; null when it
 * is worth asking the server about.
 */
export function slugProblem(value: string): 'validation.slug.invalid' | 'validation.slug.reserved' | null {
  if (!v.is(Slug, value)) return 'validation.slug.invalid'
  return isReservedSlug(value.trim()) ? 'validation.slug.reserved' : null
}

/** True when `value` would pass the form's rules (so it is worth asking the server about). */
export const isValidSlug = (value: string) => slugProblem(value) === null

/** A suggestion from the reader's name: "Ada Lovelace" → "ada-lovelace" (accents dropped). */
export function suggestSlug(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')
  return isValidSlug(base) ? base : ''
}
