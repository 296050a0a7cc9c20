import { db, type LocalBook } from '~/client/db'
import { CACHE_NAMES, COVERS_MAX_ENTRIES } from '~/shared/sw-policy'

// The service worker keeps the covers of the reader's own books for offline
// use. It caches what the page shows; this puts in the covers of books not shown yet (a long
// list is windowed), one at a time, newest books first, up to the cache's bound. Opaque
// (no-cors) answers: the covers host need not send CORS headers, as for an <img>.
//
// It is background work and must never delay the list: it starts when the browser is idle and
// reads the books in small chunks, yielding between them, because one read of every row holds
// IndexedDB for hundreds of ms at 5,000 books and the list's first screenful waits behind it.

const CHUNK = 500
let running = false

export async function keepCovers() {
  if (running || !navigator.onLine || typeof caches === 'undefined' || !navigator.serviceWorker?.controller) return
  running = true
  try {
    await idle()
    const urls = await coverUrls()
    const cache = await caches.open(CACHE_NAMES.covers)
    for (const url of urls) {
      if (!navigator.onLine) return
      if (await cache.match(url)) continue
      const res = await fetch(url, { mode: 'no-cors', credentials: 'omit', referrerPolicy: 'no-referrer' }).catch(() => null)
      if (res && (res.type === 'opaque' || res.ok)) await cache.put(url, res)
    }
  } finally {
    running = false
  }
}

/** Other hosts' cover URLs of the stored books, newest book first, at most the cache's bound. */
async function coverUrls(): Promise<string[]> {
  const covered: Pick<LocalBook, 'imageUrl' | 'created_at' | 'id'>[] = []
  let after = ''
  for (;;) {
    const rows = await db.books.where('id').above(after).limit(CHUNK).toArray()
    if (!rows.length) break
    after = rows[rows.length - 1]!.id
    for (const b of rows) if (b.imageUrl && new URL(b.imageUrl).origin !== location.origin) covered.push(b)
    await idle()
  }
  covered.sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
  return [...new Set(covered.map((b) => b.imageUrl!))].slice(0, COVERS_MAX_ENTRIES)
}

const idle = () =>
  new Promise<void>((resolve) =>
    typeof requestIdleCallback === 'undefined' ? setTimeout(resolve, 50) : requestIdleCallback(() => resolve(), { timeout: 5000 }),
  )
