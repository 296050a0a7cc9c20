import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { freshDatabase } from './harness'
import { openRemoteStream, type EventReader } from './live-kit'
import { startServer, waitFor, type ServerProcess } from './processes'
import { remoteApi } from './remote'

// decisions "Live across devices": a change committed through one API process is announced on
// the streams every other process holds (PostgreSQL LISTEN/NOTIFY, one listening connection per
// process). Real server processes over HTTP; runs in the PostgreSQL pass (TEST_DATABASE_URL).

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('This test needs PostgreSQL: set TEST_DATABASE_URL to a superuser URL (README "Test it").')
  return url
}

/** Connections of this database that LISTEN (each process opens one with its first stream). */
async function listeners(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    const { rows } = await c.query(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
    )
    return rows[0].n
  } finally {
    await c.end()
  }
}

describe('a write through one process is announced on a stream held by another', () => {
  const dbs: Awaited<ReturnType<typeof freshDatabase>>[] = []
  const servers: ServerProcess[] = []
  const streams: EventReader[] = []
  afterAll(async () => {
    await Promise.all(streams.map((s) => s.close()))
    await Promise.all(servers.map((s) => s.stop()))
    await Promise.all(dbs.map((d) => d.drop()))
  })

  test('two processes on two ports: a stream on A hears a write, a goal and a sign-out made through B', async () => {
    const db = await freshDatabase(adminUrl())
    dbs.push(db)
    const [a, b] = await Promise.all([startServer({ DATABASE_URL: db.url }), startServer({ DATABASE_URL: db.url })])
    servers.push(a!, b!)
    const A = remoteApi(a!.url)
    const B = remoteApi(b!.url)
    const { token } = await A.signUp()
    const other = await B.signUp()
    const onA = await openRemoteStream(a!.url, token)
    streams.push(onA)
    expect(onA.status).toBe(200)
    await onA.next('ready')
    const created = await B.api('POST', '/api/books', { token, body: { title: 'Written through B' } })
    expect(created.status).toBe(201)
    expect((await onA.next('change')).data).toEqual({ kind: 'books', cursor: String(created.body.data.version) })
    expect(onA.raw()).not.toContain('Written through B')
    // Another account's write through B is not A's stream's business.
    expect((await B.api('POST', '/api/books', { token: other.token, body: { title: 'Elsewhere' } })).status).toBe(201)
    expect((await B.api('PUT', '/api/goals/2026', { token, body: { books: 30 } })).status).toBe(200)
    expect((await onA.next('change')).data).toEqual({ kind: 'goals' })
    // Signing out through B ends the stream held by A at once.
    expect((await B.api('DELETE', '/api/auth', { token })).status).toBe(200)
    await onA.ended()
  }, 180_000)

  test('WORKERS=2: streams on both worker processes hear a write, and SIGTERM ends them', async () => {
    const db = await freshDatabase(adminUrl())
    dbs.push(db)
    const url = db.url
    const server = await startServer({ DATABASE_URL: url, WORKERS: '2', LOG_LEVEL: 'info' })
    servers.push(server)
    await waitFor('two listening worker processes', () => (server.output().match(/TBR listening on/g) ?? []).length === 2)
    const { api, signUp } = remoteApi(server.url)
    const { token } = await signUp()
    // node:cluster hands new connections to the workers in turn: four streams (four connections)
    // land on both, each of which then listens on its own connection.
    for (let i = 0; i < 4; i++) {
      const r = await openRemoteStream(server.url, token)
      streams.push(r)
      await r.next('ready')
    }
    await waitFor('a listening connection in each worker', async () => (await listeners(url)) === 2, 20_000)
    const created = await api('POST', '/api/books', { token, body: { title: 'Emma' } })
    expect(created.status).toBe(201)
    for (const r of streams.slice(-4)) {
      expect((await r.next('change')).data).toEqual({ kind: 'books', cursor: String(created.body.data.version) })
    }
    const exit = await server.stop()
    expect(exit).toEqual({ code: 0, signal: null })
    for (const r of streams.slice(-4)) await r.ended()
  }, 180_000)
})
