import { useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import * as v from 'valibot'
import { isReservedSlug, Slug } from '~/shared/schemas/common'

/**
 * The shared slug rules (SlugInput: decisions §9 pattern, then reserved names refused). It is
 * PublicSlug step for step; only the reserved message is given here as text, because the form
 * kit's catalog (ui/form/messages.ts) has no entry yet for `validation.slug.reserved`.
 */
export function useSlugSchema() {
  const { t } = useLingui()
  const reserved = t`That URL is reserved: please choose another`
  return useMemo(() => v.object({ slug: v.pipe(Slug, v.check((s) => !isReservedSlug(s), reserved)) }), [reserved])
}

/** True when `value` would pass the form's rules (so it is worth asking the server about). */
export const isValidSlug = (value: string) => v.is(Slug, value) && !isReservedSlug(value.trim())

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
