import { t } from '@lingui/core/macro'
import { getData, toApiError } from '~/client/lib/http'
import type { CatalogBook } from '~/shared/schemas/catalog'

// The catalogue through our server (server/routes/catalog.ts; decision 48). Failures are
// answered here as a sentence for the search box, not the central error toast: a reader typing
// should not get a toast per keystroke.

export type CatalogResult<T> = { ok: true; data: T } | { ok: false; offline: boolean; status?: number; message: string }

async function ask<T>(path: string, signal?: AbortSignal): Promise<CatalogResult<T>> {
  if (!navigator.onLine) return { ok: false, offline: true, message: t`You are offline: the catalogue can be searched again once you are back online.` }
  try {
    return { ok: true, data: await getData<T>(path, { signal }) }
  } catch (err) {
    if (signal?.aborted) throw err
    const apiError = await toApiError(err)
    if (!apiError) return { ok: false, offline: true, message: t`The catalogue could not be reached. Check your connection.` }
    return { ok: false, offline: false, status: apiError.status, message: apiError.body.message ?? apiError.message }
  }
}

export const searchCatalog = (q: string, signal?: AbortSignal) =>
  ask<CatalogBook[]>(`catalog/search?q=${encodeURIComponent(q)}`, signal)

/** The book of an ISBN; `data` null when the catalogue has none (404). */
export async function lookUpIsbn(isbn: string, signal?: AbortSignal): Promise<CatalogResult<CatalogBook | null>> {
  const r = await ask<CatalogBook>(`catalog/isbn/${encodeURIComponent(isbn)}`, signal)
  if (!r.ok && r.status === 404) return { ok: true, data: null }
  return r
}
