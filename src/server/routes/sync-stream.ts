import { Hono } from 'hono'
import * as v from 'valibot'
import { Cursor } from '~/shared/sync/protocol'
import type { AppEnv, Ctx, Deps } from '../context'
import { ApiError } from '../lib/errors'
import { bearer } from '../middleware/auth'
import { authenticateKey } from '../services/api-keys'
import { changeCounter } from '../services/books'
import { liveHub, type LiveNews, type LiveSubscriber } from '../services/live'
import { capabilitiesOf } from '../services/plans'
import { authenticate } from '../services/sessions'

// GET /api/sync/stream (decisions: live across devices): Server-Sent Events announcing each
// committed change of the caller's account, so a device pulls within a second instead of at its
// next timer. It carries no book data, only what changed and the new cursor:
//   event: ready      data: {"cursor":"41","heartbeat":25000}   once, when it opens
//   event: change     data: {"kind":"books","cursor":"42"}      (or "goals", "user", "any")
//   event: heartbeat  data: {}                                  every SYNC_HEARTBEAT_MS
// A client that names the cursor it has pulled to (`Last-Event-ID: <cursor>`, or `?cursor=`) hears
// at once whether changes wait for it: right after `ready`, a `change` of kind books when the
// account's cursor is elsewhere, nothing when it is the same, so a reconnect costs no pull when
// nothing changed. Without one, the client cannot be told and pulls on `ready` itself.
// The caller is checked again before each heartbeat and each announcement, and at once when a
// session or key ending is announced: a revoked session, a removed member or a revoked key hears
// nothing more, and the stream ends.

export const syncStream = new Hono<AppEnv>()

/** Streams one credential may hold open in a process; a further one ends the oldest. */
const PER_CREDENTIAL = 4
/** Bytes a stalled reader may leave unread before its stream is ended. */
const MAX_UNREAD = 64 * 1024

const held = new Map<string, Set<() => void>>()

syncStream.get('/stream', async (c) => {
  const { deps, actor } = c.var
  const token = bearer(c.req.header('authorization'))!
  const auth = actor.via === 'session' ? c.var.auth : null
  const credential = auth ? `s:${auth.sessionId}` : `k:${actor.via === 'key' ? actor.keyId : ''}`
  const heartbeatMs = deps.config.SYNC_HEARTBEAT_MS
  const allowed = () => stillAllowed(deps, token, actor.account.id, auth?.sessionId ?? null)
  const known = readCursor(c)

  const enc = new TextEncoder()
  let out: ReadableStreamDefaultController<Uint8Array> | null = null
  let closed = false
  let heartbeat: ReturnType<typeof setInterval> | null = null
  let unsubscribe: (() => void) | null = null
  // Announcements waiting for the caller's check: one per kind (a burst of book writes is one
  // "pull"), plus whether a heartbeat is due.
  const waiting = new Map<string, string>()
  let draining = false

  const write = (text: string) => {
    if (closed || !out) return
    if ((out.desiredSize ?? 0) < -MAX_UNREAD) return finish()
    try {
      out.enqueue(enc.encode(text))
    } catch {
      finish()
    }
  }
  const finish = () => {
    if (closed) return
    closed = true
    if (heartbeat) clearInterval(heartbeat)
    unsubscribe?.()
    held.get(credential)?.delete(finish)
    if (held.get(credential)?.size === 0) held.delete(credential)
    try {
      out?.close()
    } catch {
      // already closed by the reader
    }
  }
  const drain = async () => {
    if (draining) return
    draining = true
    try {
      while (waiting.size > 0 && !closed) {
        const events = [...waiting.values()]
        waiting.clear()
        if (!(await allowed())) return finish()
        for (const e of events) if (e) write(e)
      }
    } finally {
      draining = false
    }
  }
  const queue = (kind: string, event: string) => {
    if (closed) return
    waiting.set(kind, event)
    void drain()
  }

  const sub: LiveSubscriber = {
    accountId: actor.account.id,
    userId: auth?.user.id ?? null,
    sessionId: auth?.sessionId ?? null,
    impersonatorId: auth?.impersonatorId ?? null,
    keyId: actor.via === 'key' ? actor.keyId : null,
    deliver: (news) => queue(kindOf(news), eventFor(news)),
    close: finish,
  }

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      out = controller
    },
    cancel: finish,
  })
  c.req.raw.signal?.addEventListener('abort', finish)

  // A credential's older streams beyond the bound end (a tab that left without closing its own).
  const mine = held.get(credential) ?? new Set()
  held.set(credential, mine)
  mine.add(finish)
  while (mine.size > PER_CREDENTIAL) [...mine][0]!()

  unsubscribe = await liveHub(deps.database).subscribe(sub)
  if (closed) unsubscribe()
  // Read once subscribed: a write committed before this read is in it, a later one is announced.
  const cursor = await changeCounter(deps.db, actor.account.id).catch(() => actor.account.changeCounter)
  write(`retry: 5000\nevent: ready\ndata: ${JSON.stringify({ cursor: String(cursor), heartbeat: heartbeatMs })}\n\n`)
  if (known !== undefined && Number(known) !== cursor) write(eventFor({ k: 'books', a: actor.account.id, c: cursor }))
  heartbeat = setInterval(() => queue('heartbeat', 'event: heartbeat\ndata: {}\n\n'), heartbeatMs)

  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // Proxies that buffer answers (nginx) would hold the events back.
      'X-Accel-Buffering': 'no',
    },
  })
})

/** The cursor the client has pulled to, if it names one; a malformed one is a 400 naming its source. */
function readCursor(c: Ctx): string | undefined {
  const header = c.req.header('last-event-id')
  const query = c.req.query('cursor')
  const value = header ?? query
  if (value === undefined) return undefined
  if (!v.is(Cursor, value))
    throw new ApiError(400, 'validation.book.since.invalid', { inputError: header !== undefined ? 'Last-Event-ID' : 'cursor' })
  return value
}

function kindOf(news: LiveNews | { k: 'resume' }) {
  return news.k === 'recheck' ? 'recheck' : news.k
}

function eventFor(news: LiveNews | { k: 'resume' }): string {
  switch (news.k) {
    case 'recheck':
      return ''
    case 'books':
      return `event: change\ndata: ${JSON.stringify({ kind: 'books', cursor: String(news.c) })}\n\n`
    case 'resume':
      return `event: change\ndata: ${JSON.stringify({ kind: 'any' })}\n\n`
    default:
      return `event: change\ndata: ${JSON.stringify({ kind: news.k })}\n\n`
  }
}

/**
 * The stream's caller still may read the account's books: the same session, live (not revoked,
 * expired, signed out, its member removed, its support access ended), or the same key, active,
 * with its scope, on a plan that still has API keys. A database error keeps the stream (it
 * carries no data; the next check decides).
 */
async function stillAllowed(deps: Deps, token: string, accountId: string, sessionId: string | null) {
  try {
    if (sessionId) {
      const auth = await authenticate(deps, token)
      return auth !== null && auth.sessionId === sessionId && auth.account.id === accountId
    }
    const key = await authenticateKey(deps.db, token)
    return (
      key !== null &&
      key.account.id === accountId &&
      key.scopes.includes('books.read') &&
      capabilitiesOf(deps.plans, key.account.plan, key.account.subscriptionStatus).includes('api_keys')
    )
  } catch {
    return true
  }
}
