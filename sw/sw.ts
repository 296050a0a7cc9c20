/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import {
  CACHE_NAMES,
  COVERS_MAX_ENTRIES,
  NAVIGATION_TIMEOUT_MS,
  PUBLIC_DATA_ID,
  SAVED_COPY_HEADER,
  SW_MESSAGES,
} from '../src/shared/sw-policy'

// The service worker (design card): the shell and its hashed assets are precached; public lists
// come from the network when it answers in time and from the cache otherwise, so a visitor can
// reopen one offline (marked as a saved copy); images cache-first with limits; everything else
// under /api is left to the network and never stored.

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] }

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
clientsClaim()

// Navigations: the network when it answers in time (fresh HTML, server-rendered meta), otherwise
// the precached shell, so the app opens with no connection or a slow one. Never for /api.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
  async ({ request, url, event }) => {
    try {
      const response = await fetchWithTimeout(request, NAVIGATION_TIMEOUT_MS)
      if (response.ok && /^\/[^/]+\/?$/.test(url.pathname)) (event as ExtendableEvent).waitUntil(keepRenderedList(url, response.clone()))
      if (response.status < 500) return response
    } catch {
      /* offline or too slow: fall through to the shell */
    }
    return (await matchPrecache('/index.html')) ?? Response.error()
  },
)

// Public lists: network first (a list online is the list as it is now), the cached copy when the
// network fails or is slower than a navigation may be. Kept under the bare URL: the answer
// varies with the bearer (`viewer`), and the session token changes on every app load, so a copy
// keyed with it could never be found again offline; the page works out `own` from the account
// ids itself. A copy answered from the cache carries SAVED_COPY_HEADER.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/api/public/'),
  new NetworkFirst({
    cacheName: CACHE_NAMES.publicLists,
    networkTimeoutSeconds: NAVIGATION_TIMEOUT_MS / 1000,
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => new Request(request.url) },
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
      // A slug that now answers 404 (changed or closed) must not live on in this cache: the
      // next visit then shows the 404 instead of the old list (the old link stops).
      {
        fetchDidSucceed: async ({ request, response }) => {
          if (response.status === 404) await (await caches.open(CACHE_NAMES.publicLists)).delete(request.url)
          return response
        },
      },
      { cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse ? markedSaved(cachedResponse) : cachedResponse) },
    ],
  }),
)

/**
 * A public list's page is rendered by the server with its data embedded, and
 * loads no /api/public/{slug}: that data is kept here as the API's answer, with the page's Date,
 * so offline the app shell's route shows it as a saved copy exactly as before.
 */
async function keepRenderedList(url: URL, response: Response) {
  if (!(response.headers.get('content-type') ?? '').includes('text/html')) return
  const html = await response.text()
  const json = new RegExp(`<script type="application/json" id="${PUBLIC_DATA_ID}">([^<]*)</script>`).exec(html)?.[1]
  if (!json) return
  const { data } = JSON.parse(json) as { data: unknown }
  const slug = url.pathname.replace(/^\/|\/$/g, '')
  const headers = { 'Content-Type': 'application/json', Date: response.headers.get('date') ?? new Date().toUTCString() }
  const cache = await caches.open(CACHE_NAMES.publicLists)
  await cache.put(new URL(`/api/public/${slug}`, self.location.origin).href, new Response(JSON.stringify({ data }), { headers }))
}

/** The cached answer with SAVED_COPY_HEADER added (its Date header says when it was saved). */
function markedSaved(response: Response) {
  const headers = new Headers(response.headers)
  headers.set(SAVED_COPY_HEADER, '1')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

// Covers of the reader's books come from the catalogue's host: opaque answers (status
// 0) are cached too, in their own bounded cache, so the list shows its covers offline. The page
// also puts the covers of books not yet shown into it (features/books/catalog/keep-covers.ts).
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin !== self.location.origin,
  new CacheFirst({
    cacheName: CACHE_NAMES.covers,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: COVERS_MAX_ENTRIES, maxAgeSeconds: 90 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
)

// Uploaded avatars (/api/avatar/{id}.webp) are public and never change under one URL, so they join the images here and show offline in the user menu and the lists.
const isAvatar = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith('/api/avatar/')

registerRoute(
  ({ request, url }) => request.destination === 'image' && (!url.pathname.startsWith('/api/') || isAvatar(url)),
  new CacheFirst({
    cacheName: CACHE_NAMES.images,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
)

// Every other request (all of /api but public lists and avatars: reads, writes, auth, billing, keys) is left
// to the browser: the service worker does not answer it, so it goes straight to the network from
// the page and nothing is stored. A write routed through the worker would fail twice when the
// page is back online before the worker's network is.

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | undefined
  if (data?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting()
  if (data?.type === SW_MESSAGES.signOut) event.waitUntil(clearPrivateCaches())
})

// Background Sync where the browser has it (not Safari): wake the pages so the sync engine pushes.
self.addEventListener('sync', (event: Event) => {
  const e = event as Event & { tag?: string; waitUntil(p: Promise<unknown>): void }
  if (e.tag === SW_MESSAGES.syncTag) e.waitUntil(askClientsToSync())
})

async function askClientsToSync() {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const client of clients) client.postMessage({ type: SW_MESSAGES.sync })
}

/** Sign-out: drop every runtime cache that could hold something of the signed-out user. */
async function clearPrivateCaches() {
  const keep = new Set<string>([CACHE_NAMES.publicLists])
  for (const name of await caches.keys()) {
    if (!name.startsWith('workbox-precache') && !keep.has(name)) await caches.delete(name)
  }
}

function fetchWithTimeout(request: Request, ms: number) {
  return new Promise<Response>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms)
    fetch(request).then(
      (r) => {
        clearTimeout(timer)
        resolve(r)
      },
      (e) => {
        clearTimeout(timer)
        reject(e)
      },
    )
  })
}
