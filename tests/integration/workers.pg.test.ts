import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { freshDatabase } from './harness'
import { startServer, waitFor, type ServerProcess } from './processes'
import { remoteApi } from './remote'

// Several API processes (decision 19) on one PostgreSQL. Two real server processes on two
// ports share one fresh database; whatever one of them writes (sessions, sign-outs, rate-limit
// counts, idempotency records, books) the other one honours at once: nothing lives in a
// process. Then `WORKERS=2` on one port: two worker processes, one replaced when it dies, all
// stopped by SIGTERM. Runs in the PostgreSQL pass (TEST_DATABASE_URL).

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('This test needs PostgreSQL: set TEST_DATABASE_URL to a superuser URL (README "Test it").')
  return url
}

describe('two processes, one database', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>
  let a: ServerProcess
  let b: ServerProcess
  let A: ReturnType<typeof remoteApi>
  let B: ReturnType<typeof remoteApi>
  beforeAll(async () => {
    db = await freshDatabase(adminUrl())
    // Started together: one migrates the fresh database while the other waits on the lock.
    ;[a, b] = await Promise.all([startServer({ DATABASE_URL: db.url }), startServer({ DATABASE_URL: db.url })])
    A = remoteApi(a.url)
    B = remoteApi(b.url)
  }, 120_000)
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await db?.drop()
  })

  test('an idle connection is kept 65 s, longer than the clients in front keep theirs (decision 20)', async () => {
    const res = await A.api('GET', '/api/health')
    expect(res.status).toBe(200)
    expect(res.headers.get('keep-alive')).toBe('timeout=65')
  })

  test('a session made through A works through B; signing out through A ends it through B', async () => {
    const { token, email } = await A.signUp()
    const me = await B.api('GET', '/api/user', { token })
    expect(me.status).toBe(200)
    expect(me.body.data.email).toBe(email)
    expect((await A.api('DELETE', '/api/auth', { token })).status).toBe(200)
    expect((await B.api('GET', '/api/user', { token })).status).toBe(401)
  })

  test('failed sign-ins counted through A lock the email through B (10, then 429)', async () => {
    const { email, password } = await A.signUp()
    for (let i = 0; i < 10; i++) {
      const res = await A.api('POST', '/api/auth', { body: { email, password: `wrong password ${i}!` } })
      expect(res.status, `failure ${i + 1}`).toBe(401)
    }
    const locked = await B.api('POST', '/api/auth', { body: { email, password } })
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
  }, 120_000)

  test('an Idempotency-Key replayed to B after A applied it answers the stored result and creates nothing twice', async () => {
    const { token } = await A.signUp()
    const send = (api: typeof A.api) =>
      api('POST', '/api/books', {
        token,
        headers: { 'idempotency-key': 'replay-across-processes' },
        body: { title: 'Middlemarch', author: 'George Eliot' },
      })
    const first = await send(A.api)
    expect(first.status).toBe(201)
    const replay = await send(B.api)
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
    const list = await B.api('GET', '/api/books', { token })
    expect(list.body.data.map((book: { id: string }) => book.id)).toEqual([first.body.data.id])
  })

  test('the public list written through A reads the new book through B', async () => {
    const { token } = await A.signUp()
    const slug = `shared-${Date.now().toString(36)}`
    expect((await A.api('PATCH', '/api/url', { token, body: { slug } })).status).toBe(200)
    expect((await B.api('GET', `/api/public/${slug}`)).body.data.books).toEqual([])
    expect(
      (await A.api('POST', '/api/books', { token, body: { title: 'Persuasion', author: 'Jane Austen' } })).status,
    ).toBe(201)
    const page = await B.api('GET', `/api/public/${slug}`)
    expect(page.status).toBe(200)
    expect(page.body.data.books.map((book: { title: string }) => book.title)).toEqual(['Persuasion'])
  })
})

describe('WORKERS=2', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>
  let server: ServerProcess
  afterAll(async () => {
    await server?.stop()
    await db?.drop()
  })

  /** Worker pids from the "listening" lines (LOG_LEVEL=info), still children of the primary. */
  const workers = () =>
    [...server.output().matchAll(/TBR listening on .*process (\d+)\)/g)]
      .map((m) => Number(m[1]))
      .filter((pid) => parentOf(pid) === server.child.pid)

  test('two worker processes serve one port; one that dies is replaced; SIGTERM stops them all', async () => {
    db = await freshDatabase(adminUrl())
    server = await startServer({ DATABASE_URL: db.url, WORKERS: '2', LOG_LEVEL: 'info' })
    await waitFor('two listening worker processes', () => workers().length === 2)
    const [first, second] = workers()
    expect(first).not.toBe(second)

    process.kill(first!, 'SIGKILL')
    await waitFor('a replacement worker', () => workers().length === 2 && !workers().includes(first!))
    const { api, signUp } = remoteApi(server.url)
    // Sign-up, sign-in and a write, each on a new connection, whichever worker takes it.
    const { token } = await signUp()
    expect((await api('POST', '/api/books', { token, body: { title: 'Emma', author: 'Jane Austen' } })).status).toBe(
      201,
    )
    expect(server.exit).toBeNull()

    const pids = workers()
    const exit = await server.stop()
    expect(exit).toEqual({ code: 0, signal: null })
    expect(pids.filter(alive)).toEqual([])
  }, 180_000)
})

function parentOf(pid: number): number | null {
  try {
    return Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
  } catch {
    return null
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
