import { getMeta, META, setMeta, type OutboxEntry } from '~/client/db'
import type { SessionUser } from '~/shared/schemas/user'
import type { Goal } from '~/shared/schemas/goal'
import {
  bookMutationRequest,
  goalMutationRequest,
  type BatchResponse,
  type BookMutationKind,
  type MutationResult,
} from '~/shared/sync/protocol'
import { rebaseGoals } from './goals'
import { putUser, type RunContext } from './pull'
import { expectOk, isRetryableStatus, request } from './transport'

// Push: outbox entries in order, each with its mutation id as Idempotency-Key.
// 2xx: the entry leaves. 401/408/429/5xx/no answer: throw, the engine retries later (401
// pauses). Other 4xx: the entry becomes a rejection and the book is refetched. Settings and
// reading goals are single calls, sent in their place in the order.

const isBookEntry = (e: OutboxEntry) => e.kind.startsWith('book.')

export async function push(ctx: RunContext, batchSize: number, stopped: () => boolean) {
  const { d, me } = ctx
  while (!stopped()) {
    const entries = await d.outbox
      .orderBy('seq')
      .filter((e) => e.kind === 'user.patch' || e.accountId === me.account_id)
      .limit(batchSize)
      .toArray()
    if (!entries.length) return
    if (!isBookEntry(entries[0]!)) {
      await pushSingle(ctx, entries[0]!)
      continue
    }
    const end = entries.findIndex((e) => !isBookEntry(e))
    const group = withinBytes(end === -1 ? entries : entries.slice(0, end))
    const results = await send(ctx, group).catch(async (err) => {
      await noteAttempt(ctx, group, err)
      throw err
    })
    await settle(ctx, group.slice(0, results.length), results)
  }
}

/** The server's body limit is 1 MiB: a batch of long reviews is cut to stay well under it (a
 *  413 would cost a round trip and a single call). At least one entry always goes. */
const BATCH_BYTES = 512 * 1024
const encoder = new TextEncoder()
function withinBytes(group: OutboxEntry[]): OutboxEntry[] {
  let bytes = 0
  for (let i = 0; i < group.length; i++) {
    bytes += encoder.encode(JSON.stringify(group[i]!.payload ?? null)).length + 128
    if (bytes > BATCH_BYTES && i > 0) return group.slice(0, i)
  }
  return group
}

async function send(ctx: RunContext, group: OutboxEntry[]): Promise<MutationResult[]> {
  if (group.length > 1) {
    const mutations = group.map((e) => ({
      key: e.id,
      kind: e.kind,
      id: e.entityId,
      data: e.kind === 'book.delete' ? undefined : e.payload,
    }))
    const a = await request(ctx.http, 'POST', '/books/batch', ctx.token, { body: { mutations } })
    // A batch refused as a whole (unreadable, too large…): one call gets the first its own verdict.
    if (a.status >= 400 && a.status < 500 && a.status !== 401 && !isRetryableStatus(a.status))
      return send(ctx, group.slice(0, 1))
    return (expectOk(a).body as BatchResponse).data
  }
  const e = group[0]!
  const call = bookMutationRequest(e.kind as BookMutationKind, e.entityId, e.payload)
  const a = await request(ctx.http, call.method, call.path, ctx.token, { body: call.body, key: e.id })
  if (a.status === 401 || isRetryableStatus(a.status)) expectOk(a)
  return [
    { key: e.id, status: a.status, body: a.body ?? {}, replayed: a.headers.get('idempotent-replayed') === 'true' },
  ]
}

/**
 * Acknowledged entries leave the outbox; refused ones become rejections; all in one transaction.
 * A book is refetched when our copy may hide the server's: a refusal, a replayed create (the book
 * may have been deleted since), or an acknowledged write whose version our server copy already
 * had (a pull landed between the server applying it and us hearing so, and the rebase applied it
 * again on top of later writes).
 */
async function settle({ d, me, now }: RunContext, entries: OutboxEntry[], results: MutationResult[]) {
  const retryable = results.findIndex((r) => r.status === 401 || isRetryableStatus(r.status))
  const done = retryable === -1 ? entries : entries.slice(0, retryable)
  await d.transaction('rw', [d.outbox, d.books, d.rejections, d.meta, d.user], async () => {
    // Signed out or another user meanwhile: their data is gone, leave nothing of ours behind.
    if ((await d.user.get('me'))?.id !== me.id) return
    const ids = [...new Set(done.map((e) => e.entityId))]
    const rows = new Map((await d.books.bulkGet(ids)).filter((b) => b != null).map((b) => [b.id, b]))
    const refetch = new Set(await getMeta<string[]>(META.refetch, d))
    const refused = new Set<string>()
    for (const [i, e] of done.entries()) {
      const r = results[i]!
      const ok = (r.status >= 200 && r.status < 300) || (r.status === 404 && e.kind === 'book.delete')
      if (!ok) {
        const message = r.body?.message ?? `HTTP ${r.status}`
        const at = new Date(now()).toISOString()
        await d.rejections.put({
          id: e.id,
          kind: e.kind,
          entityId: e.entityId,
          payload: e.payload,
          accountId: e.accountId,
          status: r.status,
          message,
          at,
        })
        refused.add(e.entityId)
        refetch.add(e.entityId)
        continue
      }
      const version = (r.body?.data as { version?: number } | undefined)?.version
      const local = rows.get(e.entityId)
      if ((r.replayed && e.kind === 'book.create') || (local && version != null && local.version >= version))
        refetch.add(e.entityId)
    }
    await d.outbox.bulkDelete(done.map((e) => e.seq!))
    const still = new Set((await d.outbox.where('entityId').anyOf(ids).toArray()).map((e) => e.entityId))
    const settled = [...rows.values()].filter(
      (b) => !still.has(b.id) && b.sync === 'pending' && (refused.has(b.id) || !refetch.has(b.id)),
    )
    if (settled.length)
      await d.books.bulkPut(
        settled.map((b) => ({ ...b, sync: refused.has(b.id) ? ('rejected' as const) : ('synced' as const) })),
      )
    await setMeta(META.refetch, [...refetch], d)
  })
  if (retryable !== -1)
    expectOk({ status: results[retryable]!.status, body: results[retryable]!.body, headers: new Headers() })
}

/** A `user.patch` (PATCH /api/user) or a `goal.set` (PUT /api/goals/{year}), under its key. */
async function pushSingle(ctx: RunContext, e: OutboxEntry) {
  const { d, me } = ctx
  const call =
    e.kind === 'goal.set'
      ? goalMutationRequest(e.entityId, e.payload)
      : { method: 'PATCH', path: '/user', body: e.payload as unknown }
  let a
  try {
    a = await request(ctx.http, call.method, call.path, ctx.token, { body: call.body, key: e.id })
    if (a.status === 401 || isRetryableStatus(a.status)) expectOk(a)
  } catch (err) {
    await noteAttempt(ctx, [e], err)
    throw err
  }
  await d.transaction('rw', [d.outbox, d.user, d.rejections, d.goals], async () => {
    if ((await d.user.get('me'))?.id !== me.id) return
    await d.outbox.delete(e.seq!)
    if (a.status >= 200 && a.status < 300) {
      const data = a.body?.data as (SessionUser & Goal) | undefined
      if (e.kind === 'user.patch' && data) await putUser(d, data)
      if (e.kind === 'goal.set' && data) {
        // The server's answer, with any later pending change of this account's goals on top.
        await d.goals.put({ account_id: e.accountId, year: data.year, books: data.books, sync: 'synced' })
        await rebaseGoals(d, e.accountId)
      }
    } else {
      const at = new Date(ctx.now()).toISOString()
      await d.rejections.put({
        id: e.id,
        kind: e.kind,
        entityId: e.entityId,
        payload: e.payload,
        ...(e.kind === 'goal.set' ? { accountId: e.accountId } : {}),
        status: a.status,
        message: a.body?.message ?? `HTTP ${a.status}`,
        at,
      })
    }
  })
}

async function noteAttempt({ d }: RunContext, entries: OutboxEntry[], err: unknown) {
  const message = err instanceof Error ? err.message : String(err)
  await d.outbox
    .where('seq')
    .anyOf(entries.map((e) => e.seq!))
    .modify((e) => {
      e.attempts += 1
      e.lastError = message
    })
    .catch(() => {})
}
