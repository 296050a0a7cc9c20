import type { TbrDatabase } from '~/client/db'
import { BATCH_MAX } from '~/shared/sync/protocol'
import { pull, refetch, type RunContext } from './pull'
import { push } from './push'
import { writeSyncStatus } from './status'
import {
  backoffDelay,
  HttpStatusError,
  NetworkError,
  realTimers,
  type FetchLike,
  type Timers,
  type TransportOptions,
} from './transport'

// The sync engine (guarantees and their reasons in README.md).
// One run = push the outbox in order, refetch books whose change was refused, pull since the
// cursor. Runs are single-flight per tab and, through a Web Lock, one tab at a time.

export interface LockManagerLike {
  request(name: string, callback: () => Promise<void>): Promise<unknown>
}

export interface SyncEngineOptions {
  db: TbrDatabase
  getToken: () => string | null
  getLocale?: () => string
  /** Where the API lives, without a trailing slash. Default '/api'. */
  baseUrl?: string
  fetch?: FetchLike
  now?: () => number
  random?: () => number
  timers?: Timers
  /** navigator.locks where available; null: this tab only (tests give each "tab" a shared fake). */
  locks?: LockManagerLike | null
  /** Mutations per POST /api/books/batch (default: as many as the server takes, which writes runs
   *  of creates and deletes with one statement each); 1 sends each mutation as its own call. */
  batchSize?: number
  pullIntervalMs?: number
  backoffBaseMs?: number
  backoffMaxMs?: number
  requestTimeoutMs?: number
  /**
   * A 401 for `token` (the run's): the engine pauses (outbox kept) until the token changes; the
   * app signs out if that token is still the session (not one replaced during the run).
   */
  onUnauthorized?: (token: string) => void
  /** navigator.onLine by default. False means no network at all: the engine sends nothing. */
  isOnline?: () => boolean
  /** Where `online` is announced (window by default). */
  connectivity?: EventTarget
}

export class SyncEngine {
  private readonly d: TbrDatabase
  private readonly o: Required<Omit<SyncEngineOptions, 'onUnauthorized' | 'locks' | 'db' | 'connectivity'>> &
    Pick<SyncEngineOptions, 'onUnauthorized' | 'connectivity'>
  private readonly locks: LockManagerLike | null
  private readonly http: TransportOptions
  private running: Promise<void> | null = null
  private queued: Promise<void> | null = null
  private started = false
  private stopped = false
  private failures = 0
  private timer: unknown = null
  private pausedToken: string | null = null
  /** The token of the run in progress: a 401 pauses that token, not one signed in meanwhile. */
  private runToken: string | null = null
  private cleanups: (() => void)[] = []

  constructor(opts: SyncEngineOptions) {
    this.d = opts.db
    this.locks =
      opts.locks === undefined ? ((globalThis.navigator as { locks?: LockManagerLike })?.locks ?? null) : opts.locks
    this.o = {
      getToken: opts.getToken,
      getLocale: opts.getLocale ?? (() => 'en'),
      baseUrl: opts.baseUrl ?? '/api',
      fetch: opts.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      now: opts.now ?? Date.now,
      random: opts.random ?? Math.random,
      timers: opts.timers ?? realTimers,
      batchSize: Math.max(1, opts.batchSize ?? BATCH_MAX),
      pullIntervalMs: opts.pullIntervalMs ?? 60_000,
      backoffBaseMs: opts.backoffBaseMs ?? 1_000,
      backoffMaxMs: opts.backoffMaxMs ?? 5 * 60_000,
      requestTimeoutMs: opts.requestTimeoutMs ?? 20_000,
      onUnauthorized: opts.onUnauthorized,
      isOnline: opts.isOnline ?? (() => (globalThis.navigator as Navigator | undefined)?.onLine ?? true),
      connectivity: opts.connectivity ?? (globalThis as { window?: Window }).window,
    }
    this.http = {
      fetch: this.o.fetch,
      baseUrl: this.o.baseUrl,
      timers: this.o.timers,
      timeoutMs: this.o.requestTimeoutMs,
      getLocale: this.o.getLocale,
    }
  }

  /** Triggers: start, `online`, the page becoming visible, the service worker's message, a timer. */
  start() {
    if (this.started || this.stopped) return
    this.started = true
    const on = (target: EventTarget | undefined, type: string, fn: (e: Event) => void) => {
      if (!target) return
      target.addEventListener(type, fn)
      this.cleanups.push(() => target.removeEventListener(type, fn))
    }
    const g = globalThis as { document?: Document; navigator?: Navigator }
    on(this.o.connectivity, 'online', () => this.requestSync())
    on(g.document, 'visibilitychange', () => g.document?.visibilityState === 'visible' && this.requestSync())
    on(g.navigator?.serviceWorker, 'message', (e) => (e as MessageEvent).data?.type === 'sync' && this.requestSync())
    this.requestSync()
  }

  stop() {
    this.stopped = true
    this.cleanups.forEach((c) => c())
    this.cleanups = []
    if (this.timer != null) this.o.timers.clearTimeout(this.timer)
    this.timer = null
  }

  requestSync() {
    void this.sync()
  }

  /** Runs push + pull now. Calls made while a run is going share ONE follow-up run. Never rejects. */
  sync(): Promise<void> {
    if (this.stopped) return Promise.resolve()
    if (!this.running) {
      this.running = this.lockedRun().finally(() => {
        this.running = null
      })
      return this.running
    }
    this.queued ??= this.running.then(() => {
      this.queued = null
      return this.sync()
    })
    return this.queued
  }

  /** Resolves when the run in progress (and one queued behind it) is over; starts none. */
  settled(): Promise<void> {
    return this.queued ?? this.running ?? Promise.resolve()
  }

  private async lockedRun() {
    const run = () => this.runOnce().catch((err) => this.failed(err))
    try {
      if (this.locks) await this.locks.request(`tbr-sync:${this.d.name}`, run)
      else await run()
    } catch {
      // Only the lock API itself (or an onUnauthorized callback) can get here; the next trigger retries.
    }
  }

  private async runOnce() {
    const token = this.o.getToken()
    if (!token || token === this.pausedToken || this.stopped) return
    this.pausedToken = null
    this.runToken = token
    const me = await this.d.user.get('me')
    if (!me) return
    if (!this.o.isOnline()) return this.waitForNetwork()
    await writeSyncStatus(this.d, { state: 'syncing' })
    const ctx: RunContext = { d: this.d, http: this.http, token, me, now: this.o.now }
    // A push that cannot finish (server error, one bad mutation) does not stop others' changes
    // from arriving: pull anyway (the rebase keeps the pending entries on top), then retry.
    let pushFailed: unknown = null
    await push(ctx, this.o.batchSize, () => this.stopped).catch((err) => {
      if (err instanceof HttpStatusError && err.status === 401) throw err
      pushFailed = err
    })
    await refetch(ctx)
    await pull(ctx)
    if (pushFailed) throw pushFailed
    this.failures = 0
    await writeSyncStatus(this.d, {
      state: 'idle',
      error: null,
      retryAt: null,
      lastSyncedAt: new Date(this.o.now()).toISOString(),
    })
    this.schedule(this.o.pullIntervalMs)
  }

  private async failed(err: unknown) {
    if (this.stopped) return
    const message = err instanceof Error ? err.message : String(err)
    if (err instanceof HttpStatusError && err.status === 401) {
      this.pausedToken = this.runToken
      await writeSyncStatus(this.d, { state: 'unauthorized', error: message, retryAt: null }).catch(() => {})
      if (this.runToken) this.o.onUnauthorized?.(this.runToken)
      return
    }
    // Network, 408/429/5xx, and anything unexpected: keep everything and retry later. Retry-After
    // is a floor, not the delay: a server shedding load (503 from admission control,
    // decision 26) answers "1 s" to everyone, and devices that all came back after exactly 1 s would
    // keep it overloaded; the jittered exponential backoff of network errors still applies.
    this.failures += 1
    const backoff = backoffDelay(this.failures, this.o.random, this.o.backoffBaseMs, this.o.backoffMaxMs)
    const delay =
      err instanceof HttpStatusError && err.retryAfterMs != null ? Math.max(err.retryAfterMs, backoff) : backoff
    await writeSyncStatus(this.d, {
      state: err instanceof NetworkError ? 'offline' : 'error',
      error: message,
      retryAt: new Date(this.o.now() + delay).toISOString(),
    }).catch(() => {})
    this.schedule(delay)
  }

  /**
   * No network (navigator.onLine false, which unlike true is reliable): every request would fail
   * and each failure is a console error. Nothing is sent and no retry
   * is timed until the `online` event, which syncs at once; local writes and other triggers only
   * come back here. The backoff count is kept: it resets on a real success.
   */
  private async waitForNetwork() {
    if (this.timer != null) this.o.timers.clearTimeout(this.timer)
    this.timer = null
    await writeSyncStatus(this.d, { state: 'offline', retryAt: null })
  }

  private schedule(ms: number) {
    if (!this.started || this.stopped) return
    if (this.timer != null) this.o.timers.clearTimeout(this.timer)
    this.timer = this.o.timers.setTimeout(() => {
      this.timer = null
      this.requestSync()
    }, ms)
  }
}
