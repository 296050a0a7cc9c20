import { db } from '~/client/db'
import { CACHE_NAMES, COVERS_MAX_ENTRIES } from '~/shared/sw-policy'

// The service worker keeps the covers of the reader's own books for offline
// use. It caches what the page shows; this puts in the covers of books not shown yet (a long
// list is windowed), one at a time, newest books first, up to the cache's bound. Opaque
// (no-cors) answers: the covers host need not send CORS headers, as for an <img>.

let running = false

export async function keepCovers() {
  if (running || !navigator.onLine || typeof caches === 'undefined' || !navigator.serviceWorker?.controller) return
  running = true
  try {
    const cache = await caches.open(CACHE_NAMES.covers)
    const books = await db.books.orderBy('[account_id+created_at]').reverse().toArray()
    const urls = [...new Set(books.map((b) => b.imageUrl).filter((u): u is string => !!u && new URL(u).origin !== location.origin))]
    for (const url of urls.slice(0, COVERS_MAX_ENTRIES)) {
      if (!navigator.onLine) return
      if (await cache.match(url)) continue
      const res = await fetch(url, { mode: 'no-cors', credentials: 'omit', referrerPolicy: 'no-referrer' }).catch(() => null)
      if (res && (res.type === 'opaque' || res.ok)) await cache.put(url, res)
    }
  } finally {
    running = false
  }
}
