import { SseParser } from '~/shared/sync/sse'
import type { LockManagerLike } from './engine'
import { backoffDelay, realTimers, type FetchLike, type Timers } from './transport'

// Live across devices (decisions): one tab per browser, the holder of a Web Lock, keeps
// GET /api/sync/stream open and asks for a pull on each announcement; the other tabs see the
// pulled books through Dexie's live queries, as they see any write. The stream needs the session
// token as a bearer header (EventSource cannot send one), so it is read with fetch. It reconnects
// with backoff; while it is down the engine's periodic pull still runs. A 401/402/403 stops it
// until the token changes (sign-in again, another account); no token (signed out) closes it.

export interface LiveAnnouncement {
  kind: string
  cursor?: string
}

export interface LiveOptions {
  getToken: () => string | null
  /** Asks the engine to pull: on each announcement, and when the stream opens without a cursor. */
  onChange: (news: LiveAnnouncement | null) => void
  /** The cursor the device has pulled to, sent on each (re)connect so the server can say at once
   *  whether changes wait (a `change` right after `ready`) and a reconnect costs no pull when none do. */
  getCursor?: () => Promise<string | undefined>
  /** Where the API lives, without a trailing slash. Default '/api'. */
  baseUrl?: string
  fetch?: FetchLike
  /** The lock that makes one tab the leader (navigator.locks); null: this tab leads. */
  locks?: LockManagerLike | null
  lockName: string
  timers?: Timers
  random?: () => number
  isOnline?: () => boolean
  connectivity?: EventTarget
  backoffBaseMs?: number
  backoffMaxMs?: number
}

/** Silence longer than this many heartbeats means the connection died without closing. */
const MISSED_HEARTBEATS = 2.5
const DEFAULT_HEARTBEAT_MS = 30_000

export class LiveStream {
  private readonly o: Required<Omit<LiveOptions, 'locks' | 'connectivity'>> & Pick<LiveOptions, 'connectivity'>
  private readonly locks: LockManagerLike | null
  private stopped = false
  private leading = false
  private releaseLock: (() => void) | null = null
  private connection: AbortController | null = null
  private wake: (() => void) | null = null
  private refusedToken: string | null = null
  private failures = 0
  /** The token the open connection was made with. */
  private connectedWith: string | null = null
  private cleanups: (() => void)[] = []
  /** True while a stream is open (tests and the status line may read it). */
  open = false

  constructor(opts: LiveOptions) {
    this.locks =
      opts.locks === undefined ? ((globalThis.navigator as { locks?: LockManagerLike })?.locks ?? null) : opts.locks
    this.o = {
      getToken: opts.getToken,
      onChange: opts.onChange,
      getCursor: opts.getCursor ?? (() => Promise.resolve(undefined)),
      baseUrl: opts.baseUrl ?? '/api',
      fetch: opts.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      lockName: opts.lockName,
      timers: opts.timers ?? realTimers,
      random: opts.random ?? Math.random,
      isOnline: opts.isOnline ?? (() => (globalThis.navigator as Navigator | undefined)?.onLine ?? true),
      connectivity: opts.connectivity ?? (globalThis as { window?: Window }).window,
      backoffBaseMs: opts.backoffBaseMs ?? 1_000,
      backoffMaxMs: opts.backoffMaxMs ?? 60_000,
    }
  }

  start() {
    const onOnline = () => this.poke()
    this.o.connectivity?.addEventListener('online', onOnline)
    this.cleanups.push(() => this.o.connectivity?.removeEventListener('online', onOnline))
    const lead = () => {
      if (this.stopped) return Promise.resolve()
      this.leading = true
      void this.run()
      return new Promise<void>((resolve) => (this.releaseLock = resolve))
    }
    if (this.locks) void this.locks.request(this.o.lockName, lead).catch(() => {})
    else void lead()
  }

  stop() {
    this.stopped = true
    this.cleanups.forEach((c) => c())
    this.connection?.abort()
    this.poke()
    this.releaseLock?.()
  }

  /** The session token changed (sign-in, sign-out, another account): reconnect with it, or close. */
  tokenChanged() {
    // A refreshed token of the same session (every app start gets one) keeps the stream open.
    const token = this.o.getToken()
    if (token && this.connectedWith && sessionOf(token) === sessionOf(this.connectedWith)) return
    this.refusedToken = null
    this.failures = 0
    this.connection?.abort()
    this.poke()
  }

  private poke() {
    const w = this.wake
    this.wake = null
    w?.()
  }

  /** Waits for poke() (a token change, `online`, stop) or, when given, `ms`. */
  private pause(ms?: number) {
    return new Promise<void>((resolve) => {
      const timer = ms === undefined ? null : this.o.timers.setTimeout(() => this.poke(), ms)
      this.wake = () => {
        if (timer !== null) this.o.timers.clearTimeout(timer)
        resolve()
      }
    })
  }

  private async run() {
    while (!this.stopped && this.leading) {
      const token = this.o.getToken()
      if (!token || token === this.refusedToken || !this.o.isOnline()) {
        await this.pause()
        continue
      }
      const ended = await this.connect(token)
      if (this.stopped || ended === 'token') continue
      if (ended === 'refused') {
        this.refusedToken = token
        continue
      }
      this.failures += 1
      await this.pause(backoffDelay(this.failures, this.o.random, this.o.backoffBaseMs, this.o.backoffMaxMs))
    }
  }

  /** One connection, until it ends: 'refused' (401/402/403), 'token' (changed meanwhile), or 'lost'. */
  private async connect(token: string): Promise<'refused' | 'token' | 'lost'> {
    const ctrl = new AbortController()
    this.connection = ctrl
    this.connectedWith = token
    let watchdog: unknown = null
    let heartbeatMs = DEFAULT_HEARTBEAT_MS
    const arm = () => {
      if (watchdog !== null) this.o.timers.clearTimeout(watchdog)
      watchdog = this.o.timers.setTimeout(() => ctrl.abort(), heartbeatMs * MISSED_HEARTBEATS)
    }
    try {
      arm()
      const cursor = await this.o.getCursor().catch(() => undefined)
      const res = await this.o.fetch(`${this.o.baseUrl}/sync/stream`, {
        method: 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'text/event-stream',
          ...(cursor !== undefined ? { 'last-event-id': cursor } : {}),
        },
        signal: ctrl.signal,
        cache: 'no-store',
      })
      if (res.status === 401 || res.status === 402 || res.status === 403) return 'refused'
      if (!res.ok || !res.body) return 'lost'
      await readEvents(res.body, (event, data) => {
        arm()
        if (event === 'ready') {
          heartbeatMs = Number((data as { heartbeat?: number })?.heartbeat) || DEFAULT_HEARTBEAT_MS
          arm()
          this.open = true
          this.failures = 0
          // Book changes made while the stream was down are announced right after `ready` when
          // the server knows our cursor; without one, whatever changed meanwhile is pulled now.
          // (Goals and settings changed while it was down come with the next periodic pull.)
          if (cursor === undefined) this.o.onChange(null)
        } else if (event === 'change') this.o.onChange(data as LiveAnnouncement)
      })
      return this.o.getToken() === token ? 'lost' : 'token'
    } catch {
      return this.o.getToken() === token ? 'lost' : 'token'
    } finally {
      this.open = false
      this.connectedWith = null
      if (watchdog !== null) this.o.timers.clearTimeout(watchdog)
      if (this.connection === ctrl) this.connection = null
      ctrl.abort()
    }
  }
}

/** Reads Server-Sent Events, calling `on` for each event and for any bytes (with event ''). */
async function readEvents(body: ReadableStream<Uint8Array>, on: (event: string, data: unknown) => void) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const parser = new SseParser()
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      const events = parser.push(decoder.decode(value, { stream: true }))
      on('', null)
      for (const e of events) on(e.event, e.data)
    }
  } finally {
    reader.releaseLock()
  }
}

/** The session a token names (its `jti`), or the token itself when it cannot be read. */
function sessionOf(token: string): string {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { jti?: string }
    return payload.jti ?? token
  } catch {
    return token
  }
}
