import { applyPendingUserPatches, getMeta, META, setMeta, type OutboxEntry, type TbrDatabase, type UserRow } from '~/client/db'
import type { Book } from '~/shared/schemas/book'
import type { SessionUser } from '~/shared/schemas/user'
import { bookMutationRequest, type BatchResponse, type BookMutationKind, type MutationResult, type PullResponse } from '~/shared/sync/protocol'
import { fromServer, rebase } from './apply'
import { writeSyncStatus } from './status'
import {
  backoffDelay,
  expectOk,
  HttpStatusError,
  isRetryableStatus,
  NetworkError,
  realTimers,
  request,
  type FetchLike,
  type Timers,
  type TransportOptions,
} from './transport'

// The sync engine (guide/sync.md "Client"; guarantees and their reasons in README.md).
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
  /** Mutations per POST /api/books/batch; 1 sends each mutation as its own call. */
  batchSize?: number
  pullIntervalMs?: number
  backoffBaseMs?: number
  backoffMaxMs?: number
  requestTimeoutMs?: number
  /** A 401: the engine pauses (outbox kept) until the token changes; ask the reader to sign in. */
  onUnauthorized?: () => void
}

export class SyncEngine {
  private readonly d: TbrDatabase
  private readonly o: Required<Omit<SyncEngineOptions, 'onUnauthorized' | 'locks' | 'db'>> & Pick<SyncEngineOptions, 'onUnauthorized'>
  private readonly locks: LockManagerLike | null
  private readonly http: TransportOptions
  private running: Promise<void> | null = null
  private queued: Promise<void> | null = null
  private started = false
  private stopped = false
  private failures = 0
  private timer: unknown = null
  private pausedToken: string | null = null
  private cleanups: (() => void)[] = []

  constructor(opts: SyncEngineOptions) {
    this.d = opts.db
    this.locks = opts.locks === undefined ? ((globalThis.navigator as { locks?: LockManagerLike })?.locks ?? null) : opts.locks
    this.o = {
      getToken: opts.getToken,
      getLocale: opts.getLocale ?? (() => 'en'),
      baseUrl: opts.baseUrl ?? '/api',
      fetch: opts.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      now: opts.now ?? Date.now,
      random: opts.random ?? Math.random,
      timers: opts.timers ?? realTimers,
      batchSize: Math.max(1, opts.batchSize ?? 50),
      pullIntervalMs: opts.pullIntervalMs ?? 60_000,
      backoffBaseMs: opts.backoffBaseMs ?? 1_000,
      backoffMaxMs: opts.backoffMaxMs ?? 5 * 60_000,
      requestTimeoutMs: opts.requestTimeoutMs ?? 20_000,
      onUnauthorized: opts.onUnauthorized,
    }
    this.http = { fetch: this.o.fetch, baseUrl: this.o.baseUrl, timers: this.o.timers, timeoutMs: this.o.requestTimeoutMs, getLocale: this.o.getLocale }
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
    const g = globalThis as { window?: Window; document?: Document; navigator?: Navigator }
    on(g.window, 'online', () => this.requestSync())
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

  private async lockedRun() {
    const run = () => this.runOnce().catch((err) => this.failed(err))
    if (this.locks) await this.locks.request(`tbr-sync:${this.d.name}`, run)
    else await run()
  }

  private async runOnce() {
    const token = this.o.getToken()
    if (!token || token === this.pausedToken || this.stopped) return
    this.pausedToken = null
    const me = await this.d.user.get('me')
    if (!me) return
    await writeSyncStatus(this.d, { state: 'syncing' })
    await this.push(token, me)
    await this.refetch(token, me)
    await this.pull(token, me)
    this.failures = 0
    await writeSyncStatus(this.d, { state: 'idle', error: null, retryAt: null, lastSyncedAt: new Date(this.o.now()).toISOString() })
    this.schedule(this.o.pullIntervalMs)
  }

  private async failed(err: unknown) {
    if (this.stopped) return
    const message = err instanceof Error ? err.message : String(err)
    if (err instanceof HttpStatusError && err.status === 401) {
      this.pausedToken = this.o.getToken()
      await writeSyncStatus(this.d, { state: 'unauthorized', error: message, retryAt: null }).catch(() => {})
      this.o.onUnauthorized?.()
      return
    }
    // Network, 408/429/5xx, and anything unexpected: keep everything and retry later.
    this.failures += 1
    const delay =
      err instanceof HttpStatusError && err.retryAfterMs != null
        ? err.retryAfterMs
        : backoffDelay(this.failures, this.o.random, this.o.backoffBaseMs, this.o.backoffMaxMs)
    await writeSyncStatus(this.d, {
      state: err instanceof NetworkError ? 'offline' : 'error',
      error: message,
      retryAt: new Date(this.o.now() + delay).toISOString(),
    }).catch(() => {})
    this.schedule(delay)
  }

  private schedule(ms: number) {
    if (!this.started || this.stopped) return
    if (this.timer != null) this.o.timers.clearTimeout(this.timer)
    this.timer = this.o.timers.setTimeout(() => {
      this.timer = null
      this.requestSync()
    }, ms)
  }

  // ---- push -------------------------------------------------------------------------------

  private async push(token: string, me: UserRow) {
    while (!this.stopped) {
      const entries = await this.d.outbox
        .orderBy('seq')
        .filter((e) => e.kind === 'user.patch' || e.accountId === me.account_id)
        .limit(this.o.batchSize)
        .toArray()
      if (!entries.length) return
      if (entries[0]!.kind === 'user.patch') {
        await this.pushUser(token, entries[0]!)
        continue
      }
      const end = entries.findIndex((e) => e.kind === 'user.patch')
      const group = end === -1 ? entries : entries.slice(0, end)
      const results = await this.send(token, group).catch(async (err) => {
        await this.noteAttempt(group, err)
        throw err
      })
      await this.settle(group.slice(0, results.length), results)
    }
  }

  private async send(token: string, group: OutboxEntry[]): Promise<MutationResult[]> {
    if (group.length > 1) {
      const mutations = group.map((e) => ({ key: e.id, kind: e.kind, id: e.entityId, data: e.kind === 'book.delete' ? undefined : e.payload }))
      const a = await request(this.http, 'POST', '/books/batch', token, { body: { mutations } })
      // A batch the server cannot read at all: fall back to one call, which gets its own verdict.
      if (a.status === 400) return this.send(token, group.slice(0, 1))
      return (expectOk(a).body as BatchResponse).data
    }
    const e = group[0]!
    const call = bookMutationRequest(e.kind as BookMutationKind, e.entityId, e.payload)
    const a = await request(this.http, call.method, call.path, token, { body: call.body, key: e.id })
    if (a.status === 401 || isRetryableStatus(a.status)) expectOk(a)
    return [{ key: e.id, status: a.status, body: a.body ?? {}, replayed: a.headers.get('idempotent-replayed') === 'true' }]
  }

  /** Acknowledged entries leave the outbox; refused ones become rejections (guide "Push"). */
  private async settle(entries: OutboxEntry[], results: MutationResult[]) {
    const retryable = results.findIndex((r) => r.status === 401 || isRetryableStatus(r.status))
    const done = retryable === -1 ? entries : entries.slice(0, retryable)
    const d = this.d
    await d.transaction('rw', [d.outbox, d.books, d.rejections, d.meta], async () => {
      const refetch = new Set(await getMeta<string[]>(META.refetch, d))
      const touched = new Set<string>()
      const refused = new Set<string>()
      for (const [i, e] of done.entries()) {
        const r = results[i]!
        const ok = (r.status >= 200 && r.status < 300) || (r.status === 404 && e.kind === 'book.delete')
        touched.add(e.entityId)
        // A replayed create may be old news (the book was deleted since): check the server's copy.
        if (ok && r.replayed && e.kind === 'book.create') refetch.add(e.entityId)
        if (!ok) {
          await d.rejections.put({
            id: e.id,
            kind: e.kind,
            entityId: e.entityId,
            payload: e.payload,
            accountId: e.accountId,
            status: r.status,
            message: r.body?.message ?? `HTTP ${r.status}`,
            at: new Date(this.o.now()).toISOString(),
          })
          refetch.add(e.entityId)
          refused.add(e.entityId)
        }
      }
      await d.outbox.bulkDelete(done.map((e) => e.seq!))
      const still = new Set((await d.outbox.where('entityId').anyOf([...touched]).toArray()).map((e) => e.entityId))
      const rows = (await d.books.bulkGet([...touched])).filter((b) => b && !still.has(b.id) && b.sync === 'pending')
      if (rows.length) await d.books.bulkPut(rows.map((b) => ({ ...b!, sync: refused.has(b!.id) ? 'rejected' : 'synced' })))
      await setMeta(META.refetch, [...refetch], d)
    })
    if (retryable !== -1) expectOk({ status: results[retryable]!.status, body: results[retryable]!.body, headers: new Headers() })
  }

  private async pushUser(token: string, e: OutboxEntry) {
    let a
    try {
      a = await request(this.http, 'PATCH', '/user', token, { body: e.payload, key: e.id })
      if (a.status === 401 || isRetryableStatus(a.status)) expectOk(a)
    } catch (err) {
      await this.noteAttempt([e], err)
      throw err
    }
    const d = this.d
    await d.transaction('rw', [d.outbox, d.user, d.rejections], async () => {
      await d.outbox.delete(e.seq!)
      if (a.status >= 200 && a.status < 300) {
        const fresh = a.body?.data as SessionUser | undefined
        if (fresh) await this.putUser(fresh)
      } else {
        const at = new Date(this.o.now()).toISOString()
        await d.rejections.put({ id: e.id, kind: e.kind, entityId: e.entityId, payload: e.payload, status: a.status, message: a.body?.message ?? `HTTP ${a.status}`, at })
      }
    })
  }

  /** Inside a transaction over user and outbox: the server's user with pending patches on top. */
  private async putUser(fresh: SessionUser) {
    const me = await this.d.user.get('me')
    if (!me || me.id !== fresh.id || me.account_id !== fresh.account_id) return
    const pending = await this.d.outbox.orderBy('seq').filter((x) => x.kind === 'user.patch').toArray()
    const { token: _t, ...fields } = fresh as SessionUser & { token?: string }
    await this.d.user.put(applyPendingUserPatches({ ...fields, key: 'me' }, pending))
  }

  private async noteAttempt(entries: OutboxEntry[], err: unknown) {
    const message = err instanceof Error ? err.message : String(err)
    await this.d.outbox
      .where('seq')
      .anyOf(entries.map((e) => e.seq!))
      .modify((e) => {
        e.attempts += 1
        e.lastError = message
      })
      .catch(() => {})
  }

  // ---- refetch and pull ---------------------------------------------------------------------

  /** The server's truth for books whose change was refused (or whose create was replayed). */
  private async refetch(token: string, me: UserRow) {
    const ids = (await getMeta<string[]>(META.refetch, this.d)) ?? []
    for (const id of ids) {
      const a = await request(this.http, 'GET', `/books/${encodeURIComponent(id)}`, token)
      if (a.status !== 404) expectOk(a)
      const d = this.d
      await d.transaction('rw', [d.books, d.outbox, d.meta, d.user], async () => {
        if ((await d.user.get('me'))?.account_id !== me.account_id) return
        if (a.status === 404) await d.books.delete(id)
        else await d.books.put(fromServer([a.body.data as Book])[0]!)
        await rebase(d, [id], a.status === 404 ? new Set([id]) : undefined)
        const left = ((await getMeta<string[]>(META.refetch, d)) ?? []).filter((x) => x !== id)
        await setMeta(META.refetch, left, d)
      })
    }
  }

  private async pull(token: string, me: UserRow) {
    const d = this.d
    const since = await this.cursorFor(me.account_id)
    const [books, user] = await Promise.all([
      request(this.http, 'GET', since === undefined ? '/books' : `/books?since=${encodeURIComponent(since)}`, token),
      request(this.http, 'GET', '/user', token),
    ])
    if (books.status === 400) await setMeta(META.cursor, undefined, d) // unusable cursor: start over
    const res = expectOk(books).body as PullResponse
    const fresh = expectOk(user).body?.data as SessionUser | undefined
    await d.transaction('rw', [d.books, d.outbox, d.meta, d.user], async () => {
      const now = await d.user.get('me')
      // Signed out, switched account, or another tab pulled meanwhile: this answer is stale.
      if (!now || now.account_id !== me.account_id || (await this.cursorFor(me.account_id)) !== since) return
      if (res.reset) {
        await d.books.clear()
        await d.books.bulkPut(fromServer(res.data))
        await rebase(d, 'all')
      } else {
        await d.books.bulkPut(fromServer(res.data))
        await d.books.bulkDelete(res.deleted)
        await rebase(d, [...res.data.map((b) => b.id), ...res.deleted], new Set(res.deleted))
      }
      await setMeta(META.cursor, res.cursor, d)
      await setMeta(META.cursorAccount, me.account_id, d)
      if (fresh) await this.putUser(fresh)
    })
  }

  private async cursorFor(accountId: string): Promise<string | undefined> {
    const [cursor, account] = await Promise.all([getMeta<string>(META.cursor, this.d), getMeta<string>(META.cursorAccount, this.d)])
    return account === accountId && cursor != null ? cursor : undefined
  }
}
