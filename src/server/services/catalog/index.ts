import { eq } from 'drizzle-orm'
import type { CatalogBook } from '~/shared/schemas/catalog'
import type { Deps } from '../../context'
import { catalogCache } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { log } from '../../lib/log'
import { Garbage, isbnUrl, readIsbn, readSearch, searchUrl } from './open-library'
import { TokenBucket } from './token-bucket'

// The catalogue proxy. Answers are cached in the database, so every API
// process shares them; the upstream rate is bounded per process by a token
// bucket (decision 48: with WORKERS=n on PostgreSQL the bound is n times the setting).
// Upstream trouble is the catalogue's, never ours: 503 when it is down or slow, 502 when it
// answers something we cannot read — never a 500.

const DAY = 86_400_000
/** How long an answer is kept: catalogue data changes slowly; a miss may be filled soon. */
export const CATALOG_TTL = { searchMs: 7 * DAY, isbnMs: 30 * DAY, missMs: 60 * 60_000 } as const
/** Longest wait for an upstream turn before answering 503 (a reader is typing). */
const MAX_TOKEN_WAIT_MS = 3000
const USER_AGENT = 'TBR/0.1 (to-be-read list app; catalogue look-ups for its readers)'

/** Hits and misses since start (the closing note asks for the hit rate). */
export const catalogStats = { hits: 0, misses: 0 }

interface State {
  bucket: TokenBucket
  inFlight: Map<string, Promise<unknown>>
}
const states = new WeakMap<Deps, State>()
function state(deps: Deps): State {
  let s = states.get(deps)
  if (!s) {
    const perMs = deps.config.CATALOG_RATE_PER_MIN / 60_000
    s = { bucket: new TokenBucket(deps.config.CATALOG_BURST, perMs), inFlight: new Map() }
    states.set(deps, s)
  }
  return s
}

export function searchCatalog(deps: Deps, normalisedQuery: string): Promise<CatalogBook[]> {
  const { CATALOG_URL, CATALOG_COVERS_URL } = deps.config
  return cached(deps, `search:${normalisedQuery}`, CATALOG_TTL.searchMs, async () => {
    const books = readSearch(await fetchJson(deps, searchUrl(CATALOG_URL, normalisedQuery)), CATALOG_COVERS_URL)
    return books.length ? books : null
  }).then((b) => b ?? [])
}

export function lookUpIsbn(deps: Deps, isbn13: string): Promise<CatalogBook | null> {
  const { CATALOG_URL, CATALOG_COVERS_URL } = deps.config
  return cached(deps, `isbn:${isbn13}`, CATALOG_TTL.isbnMs, async () =>
    readIsbn(await fetchJson(deps, isbnUrl(CATALOG_URL, isbn13)), isbn13, CATALOG_COVERS_URL),
  )
}

/** The cached answer while fresh; else one upstream call (shared by concurrent askers). */
async function cached<T>(deps: Deps, key: string, ttlMs: number, load: () => Promise<T | null>): Promise<T | null> {
  const { db } = deps
  const [row] = await db.select().from(catalogCache).where(eq(catalogCache.key, key))
  if (row && row.expiresAt.getTime() > Date.now()) {
    catalogStats.hits++
    log.debug('catalog cache hit', key)
    return row.body as T | null
  }
  catalogStats.misses++
  log.debug('catalog cache miss', key)
  const s = state(deps)
  const running = s.inFlight.get(key) as Promise<T | null> | undefined
  if (running) return running
  const p = (async () => {
    const body = await load().catch((err: unknown) => {
      if (err instanceof Garbage) {
        log.info('catalog upstream answered garbage:', key, err.message)
        throw badAnswer()
      }
      throw err
    })
    const now = new Date()
    const expiresAt = new Date(now.getTime() + (body === null ? CATALOG_TTL.missMs : ttlMs))
    await db
      .insert(catalogCache)
      .values({ key, body, fetchedAt: now, expiresAt })
      .onConflictDoUpdate({ target: catalogCache.key, set: { body, fetchedAt: now, expiresAt } })
    return body
  })().finally(() => s.inFlight.delete(key))
  s.inFlight.set(key, p)
  return p
}

async function fetchJson(deps: Deps, url: string): Promise<unknown> {
  const wait = state(deps).bucket.take(MAX_TOKEN_WAIT_MS)
  if (wait === null) {
    const retry = Math.ceil(state(deps).bucket.msUntilToken() / 1000)
    throw new ApiError(503, 'catalog.busy', { headers: { 'Retry-After': String(Math.max(1, retry)) } })
  }
  if (wait > 0) await new Promise((r) => setTimeout(r, wait))
  let res: Response
  try {
    res = await fetch(url, {
      headers: { 'User-Agent': USER_AGENT, Accept: 'application/json' },
      signal: AbortSignal.timeout(deps.config.CATALOG_TIMEOUT_MS),
      redirect: 'follow',
    })
  } catch (err) {
    log.info('catalog upstream unreachable:', url, err instanceof Error ? err.message : err)
    throw unavailable()
  }
  if (res.status >= 500 || res.status === 429) {
    await res.body?.cancel()
    throw unavailable()
  }
  try {
    if (!res.ok) throw new Garbage(`status ${res.status}`)
    return await res.json()
  } catch (err) {
    // A body cut off by the timeout is "slow", not "garbage".
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) throw unavailable()
    log.info('catalog upstream answered garbage:', url, err instanceof Error ? err.message : err)
    throw badAnswer()
  }
}

const unavailable = () => new ApiError(503, 'catalog.unavailable', { headers: { 'Retry-After': '30' } })
const badAnswer = () => new ApiError(502, 'catalog.bad_answer')
