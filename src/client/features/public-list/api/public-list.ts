import { queryOptions } from '@tanstack/react-query'
import { getDataAndHeaders, toApiError } from '~/client/lib/http'
import type { PublicPageData } from '~/shared/responses/public-page'
import { SAVED_COPY_HEADER } from '~/shared/sw-policy'

// GET /api/public/{slug} (src/server/routes/public.ts): the public list, its owner,
// the configured affiliate tag and, for a signed-in caller, whether the list is their own.

// The answer's types are shared with the server (architecture rule 3).
export type { PublicBook } from '~/shared/responses/public-page'
export type PublicList = PublicPageData & {
  /**
   * Set when the service worker answered from its cache (offline, or the network too slow):
   * when that copy was saved (its Date header, ISO 8601), or '' if the copy does not say.
   */
  saved_at?: string
}

function savedAt(headers: Headers): string | undefined {
  if (!headers.get(SAVED_COPY_HEADER)) return undefined
  const date = new Date(headers.get('date') ?? '')
  return Number.isNaN(date.getTime()) ? '' : date.toISOString()
}

/**
 * The list, or null when no live list has this slug. A 404 is an answer here, not a failure: the
 * route shows the router's not-found page in place (keeping the visitor's URL) instead of the
 * central handler's redirect to /notfound. Every other failure (offline without a cached copy,
 * 5xx) goes through the central handler via the query cache. The service worker keeps
 * the last answer, so a list opened once reopens offline, marked as a saved copy.
 */
export const publicListQuery = (slug: string) =>
  queryOptions({
    queryKey: ['public', slug.toLowerCase()],
    queryFn: async (): Promise<PublicList | null> => {
      try {
        const { data, headers } = await getDataAndHeaders<PublicList>(`public/${encodeURIComponent(slug)}`)
        const saved = savedAt(headers)
        return saved === undefined ? data : { ...data, saved_at: saved }
      } catch (error) {
        const apiError = await toApiError(error)
        if (apiError?.status === 404) return null
        throw apiError ?? error
      }
    },
  })
