import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { randomUUID } from 'node:crypto'
import { saveUser, TbrDatabase } from '~/client/db'
import { SyncEngine, type LockManagerLike, type SyncEngineOptions } from '~/client/sync/engine'
import { createMutations } from '~/client/sync/mutations'
import { accounts, memberships, users } from '~/server/db/schema'
import { authenticate, createSession } from '~/server/services/sessions'
import { sessionUser } from '~/server/services/users'
import type { TestServer } from './harness'

// Helpers for sync tests: real engines on fake-indexeddb against the in-process server, with a
// network that can go offline, fail before sending, or drop the answer after the server applied.

import { prng, type Rng } from './prng'

export { prng, type Rng }

export interface Network {
  offline: boolean
  /** Probability that a request fails before reaching the server. */
  failBefore: number
  /** Probability that the server applies a request but the client never sees the answer. */
  dropAnswer: number
  /** Probability of a 503 from a proxy in front of the server (nothing applied). */
  serverError: number
  /** Up to this many macrotasks of latency before and after the server (varies interleavings). */
  jitter: number
  requests: number
  dropped: number
}

export function makeFetch(server: TestServer, net: Network, rng: () => number) {
  return async (input: string, init: RequestInit): Promise<Response> => {
    net.requests++
    for (let k = Math.floor(rng() * (net.jitter + 1)); k > 0; k--) await new Promise((r) => setImmediate(r))
    if (net.offline || rng() < net.failBefore) throw new TypeError('Failed to fetch')
    if (rng() < net.serverError) return new Response('{"message":"Service unavailable"}', { status: 503 })
    const res = await server.app.request(input, init)
    for (let k = Math.floor(rng() * (net.jitter + 1)); k > 0; k--) await new Promise((r) => setImmediate(r))
    if (rng() < net.dropAnswer) {
      net.dropped++
      await res.text()
      throw new TypeError('network connection lost')
    }
    return res
  }
}

/** Web Locks stand-in shared by the "tabs" of one device: one holder per name, FIFO. */
export class FakeLocks implements LockManagerLike {
  private tails = new Map<string, Promise<unknown>>()
  holders = 0
  maxHolders = 0
  request(name: string, callback: () => Promise<void>) {
    const prev = this.tails.get(name) ?? Promise.resolve()
    const run = prev.then(async () => {
      this.holders++
      this.maxHolders = Math.max(this.maxHolders, this.holders)
      try {
        return await callback()
      } finally {
        this.holders--
      }
    })
    this.tails.set(
      name,
      run.catch(() => {}),
    )
    return run
  }
}

export interface ClientOpts {
  factory?: IDBFactory
  name?: string
  locks?: LockManagerLike | null
  net?: Partial<Network>
  rng?: Rng
  engine?: Partial<SyncEngineOptions>
}

export async function openClient(server: TestServer, session: { token: string; user: any }, opts: ClientOpts = {}) {
  const factory = opts.factory ?? new IDBFactory()
  const name = opts.name ?? 'tbr'
  const db = new TbrDatabase(name, { indexedDB: factory, IDBKeyRange })
  await saveUser(session.user, db)
  const rng = opts.rng ?? prng((Math.random() * 2 ** 32) >>> 0)
  const net: Network = {
    offline: false,
    failBefore: 0,
    dropAnswer: 0,
    serverError: 0,
    jitter: 0,
    requests: 0,
    dropped: 0,
    ...opts.net,
  }
  const auth = { token: session.token as string | null }
  const engine = new SyncEngine({
    db,
    getToken: () => auth.token,
    fetch: makeFetch(server, net, rng.next),
    baseUrl: 'http://tbr.test/api',
    locks: opts.locks ?? null,
    random: rng.next,
    ...opts.engine,
  })
  const mutations = createMutations({ db, newId: rng.uuid })
  return { db, factory, name, net, auth, engine, ...mutations }
}
export type Client = Awaited<ReturnType<typeof openClient>>

/** Server books of a token's account, keyed by id, in the shape the client stores. */
export async function serverBooks(server: TestServer, token: string) {
  const res = await server.api('GET', '/api/books', { token })
  if (res.status !== 200) throw new Error(`GET /api/books ${res.status}`)
  return new Map<string, any>(res.body.data.map((b: any) => [b.id, b]))
}

export async function clientBooks(c: { db: TbrDatabase }, accountId: string) {
  const rows = await c.db.books.where('account_id').equals(accountId).toArray()
  return new Map<string, any>(rows.map(({ sync: _s, ...b }) => [b.id, b]))
}

/**
 * A fresh account with an owner and a session, straight into the database: sign-up's scrypt
 * would dominate a run of hundreds of cases. Answers what harness.signUp() answers.
 */
export async function quickAccount(server: TestServer): Promise<{ token: string; user: any }> {
  const { deps } = server
  const id = randomUUID()
  await deps.db.insert(users).values({ id, name: 'Reader', email: `${id}@example.com`, verified: true })
  await deps.db.insert(accounts).values({ id: `acct-${id}`, name: 'Reader', plan: 'free' })
  await deps.db.insert(memberships).values({ userId: id, accountId: `acct-${id}`, role: 'owner', onboarded: true })
  const { token } = await createSession(deps, { userId: id, accountId: `acct-${id}` })
  const auth = (await authenticate(deps, token))!
  return { token, user: await sessionUser(deps.db, auth) }
}
