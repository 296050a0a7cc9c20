import { expect } from 'vitest'
import { SseParser, type SseEvent as SharedEvent } from '~/shared/sync/sse'
import type { TestServer } from './harness'

// Reads GET /api/sync/stream like a client: one parsed Server-Sent Event at a time, each wait
// with a deadline (a stream that stays silent fails the test, never hangs it).

export interface SseEvent extends SharedEvent {
  data: any
}

export interface EventReader {
  status: number
  headers: Headers
  /** The next event (of `type`, skipping others, when given); throws after `ms`. */
  next(type?: string, ms?: number): Promise<SseEvent>
  /** Every event until the stream ends; throws if it has not ended after `ms`. */
  ended(ms?: number): Promise<SseEvent[]>
  /** Everything received so far, as sent. */
  raw(): string
  close(): Promise<void>
}

export function readEvents(res: Response): EventReader {
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  const parser = new SseParser()
  let all = ''
  let done = false
  const parsed: SseEvent[] = []
  let pending: Promise<void> | null = null

  const pump = () =>
    (pending ??= reader.read().then(
      ({ value, done: end }) => {
        pending = null
        if (end) done = true
        const text = value ? decoder.decode(value, { stream: true }) : ''
        all += text
        parsed.push(...parser.push(text))
      },
      () => {
        pending = null
        done = true
      },
    ))

  const timeout = (ms: number, what: string) =>
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${what} within ${ms} ms; got:\n${all}`)), ms))

  const take = (type?: string) => {
    const i = parsed.findIndex((e) => !type || e.event === type)
    return i < 0 ? undefined : parsed.splice(i, 1)[0]
  }

  return {
    status: res.status,
    headers: res.headers,
    async next(type, ms = 5_000) {
      const deadline = timeout(ms, type ?? 'event')
      for (;;) {
        const hit = take(type)
        if (hit) return hit
        if (done) throw new Error(`the stream ended before ${type ?? 'an event'}; got:\n${all}`)
        await Promise.race([pump(), deadline])
      }
    },
    async ended(ms = 5_000) {
      const deadline = timeout(ms, 'end of the stream')
      while (!done) await Promise.race([pump(), deadline])
      return parsed.splice(0)
    },
    raw: () => all,
    async close() {
      await reader.cancel().catch(() => {})
    },
  }
}

/** Opens the stream in-process (harness) with a bearer token (and a `?query` or headers, if any). */
export async function openStream(
  s: TestServer,
  token?: string,
  opts: { query?: string; headers?: Record<string, string> } = {},
): Promise<EventReader> {
  const res = await s.app.request(`/api/sync/stream${opts.query ?? ''}`, {
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      accept: 'text/event-stream',
      ...opts.headers,
    },
  })
  return readEvents(res)
}

/** Opens the stream of a server process over HTTP. */
export async function openRemoteStream(base: string, token: string): Promise<EventReader> {
  const res = await fetch(`${base}/api/sync/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
  })
  return readEvents(res)
}

/**
 * What the stream tests share, on the server `server()` answers (read when called: it starts in
 * beforeAll): streams opened through `stream` are closed together by `closeAll` (afterAll), and
 * `addBook` makes the change a stream announces.
 */
export function liveCalls(server: () => TestServer) {
  const open: EventReader[] = []
  return {
    async stream(token?: string, opts?: Parameters<typeof openStream>[2]) {
      const r = await openStream(server(), token, opts)
      open.push(r)
      return r
    },
    async addBook(token: string, title: string) {
      const res = await server().api('POST', '/api/books', { token, body: { title } })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      return res.body.data
    },
    closeAll: () => Promise.all(open.splice(0).map((r) => r.close())),
  }
}
