import { randomBytes } from 'node:crypto'
import { afterAll, expect, test } from 'vitest'
import { startPgCluster, startServer, waitFor, type PgCluster, type ServerProcess } from './processes'
import { remoteApi, type Answer } from './remote'

// PostgreSQL restarting under the API (decision 18) (a fast shutdown, then a crash-like
// immediate one) while a reader keeps writing. The real server runs as a child process on its
// own throwaway cluster. While the database is away every call answers 503 with Retry-After
// and a JSON message (never a hang, a dropped connection or a 500); the process survives; it
// recovers by itself; every write it acknowledged is kept, and retrying the unacknowledged
// ones with their Idempotency-Key creates each book exactly once.

let pg: PgCluster | undefined
let server: ServerProcess | undefined
afterAll(async () => {
  await server?.stop()
  await pg?.destroy()
})

interface Write {
  key: string
  title: string
  /** HTTP status, or how the call failed without one. */
  status: number | 'no answer'
  retryAfter: string | null
  body: any
}

test('a PostgreSQL restart during writes: 503 + Retry-After while away, recovery on return, no acknowledged write lost', async () => {
  pg = await startPgCluster()
  server = await startServer({ DATABASE_URL: pg.url })
  const { api, signUp } = remoteApi(server.url)
  const { token } = await signUp()

  const writes: Write[] = []
  const post = async (key: string, title: string): Promise<Write> => {
    let answer: Answer | undefined
    try {
      answer = await api('POST', '/api/books', {
        token,
        headers: { 'idempotency-key': key },
        body: { title, author: 'Restart' },
      })
    } catch (err) {
      return { key, title, status: 'no answer', retryAfter: null, body: String(err) }
    }
    return { key, title, status: answer.status, retryAfter: answer.headers.get('retry-after'), body: answer.body }
  }
  // Ten readers writing at once; after a 503 each pauses a little (a client honouring
  // Retry-After would wait longer; this keeps the test short without spinning).
  let writing = true
  const writers = Array.from({ length: 10 }, async (_, w) => {
    for (let i = 0; writing; i++) {
      const result = await post(`k-${w}-${i}-${randomBytes(3).toString('hex')}`, `Book ${w}.${i}`)
      writes.push(result)
      if (result.status !== 201) await new Promise((resolve) => setTimeout(resolve, 200))
    }
  })
  // Counts answers since index `from`; the wait fails at once, with the output, if the server died.
  const count = (from: number, status: number) => {
    if (server!.exit) throw new Error(`the server exited (${JSON.stringify(server!.exit)}):\n${server!.output()}`)
    return writes.slice(from).filter((w) => w.status === status).length
  }
  const ok = (from: number) => count(from, 201)
  const unavailable = (from: number) => count(from, 503)

  try {
    await waitFor('20 acknowledged writes', () => ok(0) >= 20)
    for (const mode of ['fast', 'immediate'] as const) {
      const stoppedAt = writes.length
      await pg.stop(mode)
      await waitFor(`503 answers after a ${mode} stop`, () => unavailable(stoppedAt) >= 10)
      const health = await api('GET', '/api/health')
      expect(health.status, 'health while the database is away').toBe(503)
      expect(health.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(server.exit, `the process exited:\n${server.output()}`).toBeNull()

      await pg.start()
      const startedAt = writes.length
      await waitFor(`writes succeeding again after the ${mode} restart`, () => ok(startedAt) >= 10)
      expect((await api('GET', '/api/health')).status).toBe(200)
    }
  } finally {
    writing = false
    await Promise.all(writers)
  }

  // Only two answers are possible: created, or unavailable with a hint when to retry.
  const odd = writes.filter((w) => w.status !== 201 && w.status !== 503)
  expect(odd, 'answers other than 201 and 503').toEqual([])
  for (const w of writes.filter((w) => w.status === 503)) {
    expect(w.retryAfter, 'Retry-After on a 503').toMatch(/^[1-9]\d?$/)
    expect(typeof w.body.message, 'a JSON message on a 503').toBe('string')
  }

  // The outcome of a 503'd write is unknown to the client (a commit may have landed before the
  // connection died); its retry with the same key settles it without creating a second book.
  // Ten at a time, like the writers: a queue longer than the pool's connect timeout is a 503 too.
  const unsettled = writes.filter((w) => w.status === 503)
  const retried: Write[] = []
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let w = unsettled.pop(); w; w = unsettled.pop()) retried.push(await post(w.key, w.title))
    }),
  )
  expect(retried.filter((w) => w.status !== 201 && w.status !== 200)).toEqual([])

  const list = await api('GET', '/api/books', { token })
  expect(list.status).toBe(200)
  const titles = (list.body.data as { title: string }[]).map((b) => b.title).sort()
  const expected = [...new Set(writes.map((w) => w.title))].sort()
  // Every write is there exactly once: the acknowledged ones were kept, none was duplicated.
  expect(titles).toEqual(expected)
  expect(writes.filter((w) => w.status === 201).every((w) => titles.includes(w.title))).toBe(true)
  expect(server.exit, `the process exited:\n${server.output()}`).toBeNull()
}, 180_000)
