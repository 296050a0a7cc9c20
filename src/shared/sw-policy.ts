// Names and rules shared by the service worker (sw/sw.ts) and the page: they meet only in src/shared.

export const CACHE_NAMES = {
  publicLists: 'public-lists-v1',
  images: 'images-v1',
  /** Book covers from the catalogue's covers host: cross-origin, so opaque answers. */
  covers: 'covers-v1',
} as const

/**
 * Covers kept for offline use. Chrome counts each opaque answer as several MB of quota (padding),
 * so the bound is on entries; the oldest-used go first, and all of them on a quota error.
 */
export const COVERS_MAX_ENTRIES = 300

export const NAVIGATION_TIMEOUT_MS = 3000

/**
 * Set by the service worker on a public list it answers from its cache (no network, or none in
 * time): the page says it shows a saved copy, from the time in the copy's own Date header.
 */
export const SAVED_COPY_HEADER = 'X-TBR-Saved-Copy'

/**
 * The id of the `<script type="application/json">` holding a server-rendered public list's data
 * (src/shared/public-ssr.ts): the worker keeps that data as the list's API answer for offline use.
 */
export const PUBLIC_DATA_ID = 'tbr-public-data'

export const SW_MESSAGES = {
  skipWaiting: 'SKIP_WAITING',
  signOut: 'SIGN_OUT',
  sync: 'sync',
  syncTag: 'outbox',
} as const
