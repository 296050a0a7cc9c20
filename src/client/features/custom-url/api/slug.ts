import { queryOptions } from '@tanstack/react-query'
import { mergeUser, readUser } from '~/client/db'
import { getData } from '~/client/lib/http'
import { queryClient } from '~/client/lib/query-client'
import { recordEvent, refreshSession } from '~/client/lib/session'
import { CACHE_NAMES } from '~/shared/sw-policy'

// PATCH /api/url {slug} and the live check GET /api/url/check?slug= (src/server/routes/url.ts:
// `{ data: { slug, available } }`; available is true for the caller's own slug).

export const slugCheckQuery = (slug: string) =>
  queryOptions({
    queryKey: ['url', 'check', slug.toLowerCase()],
    queryFn: ({ signal }) =>
      getData<{ slug: string; available: boolean }>(`url/check?slug=${encodeURIComponent(slug)}`, { signal }),
    staleTime: 10_000,
  })

/**
 * After PATCH /api/url answered: the stored user gets the new slug at once (the dashboard and the
 * public link read it, offline too), the old public list is dropped from this device's caches
 * (the old link stops working at once, so it must not reopen from the service
 * worker's copy here), the usage event is recorded and the session is refreshed from the server.
 */
export async function slugChanged(slug: string, previous: string | null, from: 'welcome' | 'account') {
  const user = await readUser()
  if (user) {
    await mergeUser({
      slug,
      accounts: user.accounts.map((a) => (a.id === user.account_id ? { ...a, slug } : a)),
    })
  }
  if (previous && previous.toLowerCase() !== slug.toLowerCase()) await forgetPublicList(previous)
  void queryClient.invalidateQueries({ queryKey: ['demo'] })
  recordEvent('slug_changed', { from })
  void refreshSession()
}

async function forgetPublicList(slug: string) {
  queryClient.removeQueries({ queryKey: ['public', slug.toLowerCase()] })
  if (typeof caches === 'undefined') return
  try {
    const cache = await caches.open(CACHE_NAMES.publicLists)
    const path = `/api/public/${slug.toLowerCase()}`
    for (const request of await cache.keys()) {
      if (decodeURIComponent(new URL(request.url).pathname).toLowerCase() === path) await cache.delete(request)
    }
  } catch {
    // Storage can be unavailable (private mode); the server answers 404 for it anyway.
  }
}
