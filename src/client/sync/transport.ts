// The engine's HTTP: plain injectable fetch (not lib/http's ky client: the engine needs raw
// statuses and must not trigger the central error toasts for background work).

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
}

/** No answer: offline, DNS, reset, timeout, or a body cut short. Always worth retrying. */
export class NetworkError extends Error {}

/** An answer whose status stops the whole push or pull (401, 408, 429, 5xx, …). */
export class HttpStatusError extends Error {
  constructor(
    public status: number,
    public body: unknown,
    public retryAfterMs: number | null,
  ) {
    super((body as { message?: string } | null)?.message || `HTTP ${status}`)
  }
}

export const isRetryableStatus = (s: number) => s === 408 || s === 429 || s >= 500

export interface HttpAnswer {
  status: number
  body: any
  headers: Headers
}

export interface TransportOptions {
  fetch: FetchLike
  baseUrl: string
  timers: Timers
  timeoutMs: number
  getLocale: () => string
}

export async function request(
  o: TransportOptions,
  method: string,
  path: string,
  token: string,
  opts: { body?: unknown; key?: string } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'accept-language': o.getLocale(),
    accept: 'application/json',
  }
  if (opts.body !== undefined) headers['content-type'] = 'application/json'
  if (opts.key) headers['idempotency-key'] = opts.key
  const ctrl = new AbortController()
  const timer = o.timers.setTimeout(() => ctrl.abort(), o.timeoutMs)
  try {
    const res = await o.fetch(o.baseUrl + path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: ctrl.signal,
      cache: 'no-store',
    })
    const text = await res.text()
    let body: unknown = null
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      // A 2xx we cannot read tells us nothing: retry (a write replays under its key).
      if (res.ok) throw new NetworkError('unreadable response')
      body = { message: text }
    }
    return { status: res.status, body, headers: res.headers }
  } catch (err) {
    if (err instanceof NetworkError) throw err
    throw new NetworkError(err instanceof Error ? err.message : String(err))
  } finally {
    o.timers.clearTimeout(timer)
  }
}

/** Throws for answers that stop the run; answers the rest. */
export function expectOk(a: HttpAnswer): HttpAnswer {
  if (a.status >= 200 && a.status < 300) return a
  throw new HttpStatusError(a.status, a.body, retryAfter(a.headers))
}

function retryAfter(h: Headers): number | null {
  const v = h.get('retry-after')
  if (!v) return null
  if (/^\d+$/.test(v)) return Number(v) * 1000
  const at = Date.parse(v)
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now())
}

/**
 * Exponential backoff with "equal jitter": half the exponential step, plus a random half, so
 * devices that failed together do not retry together. attempt starts at 1.
 */
export function backoffDelay(attempt: number, random: () => number, baseMs: number, maxMs: number): number {
  const step = Math.min(maxMs, baseMs * 2 ** Math.min(30, Math.max(0, attempt - 1)))
  return Math.round(step / 2 + random() * (step / 2))
}
