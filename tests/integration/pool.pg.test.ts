import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { isConnectionError } from '~/server/db/errors'
import { startTestServer, type TestServer } from './harness'

// PostgreSQL going away (decision 18), inside a transaction: the connection dies between two statements, or is
// already dead when BEGIN is sent. The process must survive (an 'error' event on a checked-out
// pg client with no listener would end it; vitest reports it as an unhandled error), the
// transaction must fail with a connection error (→ 503), and the client must neither be reused
// broken nor leak its pool slot. PostgreSQL only: PGlite has no connections to lose.

let s: TestServer
let pool: pg.Pool
let admin: pg.Client
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error('This test needs PostgreSQL: set TEST_DATABASE_URL (README "Test it").')
  s = await startTestServer()
  pool = (s.deps.db as unknown as { $client: pg.Pool }).$client
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await admin.connect()
})
afterAll(async () => {
  await admin?.end()
  await s?.close()
})

/** The pg client the next checkout hands out. */
const nextClient = () => new Promise<pg.PoolClient>((resolve) => pool.once('acquire', resolve))

/** Runs more transactions than the pool has connections: each needs a working slot. */
async function poolStillWorks() {
  for (let i = 0; i < 12; i++) {
    const n = await s.deps.db.transaction(async (tx) => (await tx.execute(sql`select ${i}::int as n`)).rows[0]!.n)
    expect(n).toBe(i)
  }
  // Every client is back and idle: none was lost to a failed transaction.
  expect(pool.totalCount).toBe(pool.idleCount)
}

test('the connection dies between two statements of a transaction: a connection error, the process lives, the pool recovers', async () => {
  const acquired = nextClient()
  const failure = await s.deps.db
    .transaction(async (tx) => {
      const client = await acquired
      const [{ pid }] = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows as [
        { pid: number },
      ]
      // Between statements: ended from outside, and the client has seen its connection close
      // (its 'error' event fired while no query was running).
      const ended = new Promise((resolve) => client.once('end', resolve))
      await admin.query('select pg_terminate_backend($1)', [pid])
      await ended
      await tx.execute(sql`select 1`)
    })
    .then(
      () => null,
      (err: unknown) => err,
    )
  expect(failure).not.toBeNull()
  expect(isConnectionError(failure)).toBe(true)
  await poolStillWorks()
})

test('a transaction whose connection is already gone at BEGIN fails as a connection error and gives its pool slot back', async () => {
  // Ten times, as many as the pool's connections: were each one's slot lost, the pool would
  // have none left and the next transaction would wait for the connect timeout, then fail.
  for (let i = 0; i < 10; i++) {
    // The connection ends as it is checked out, before BEGIN (a server restart racing the
    // checkout); ending it by hand makes that race certain.
    pool.once('acquire', (client: pg.PoolClient) => void client.end())
    const failure = await s.deps.db
      .transaction(async (tx) => tx.execute(sql`select 1`))
      .then(
        () => null,
        (err: unknown) => err,
      )
    expect(isConnectionError(failure), String(failure)).toBe(true)
  }
  await poolStillWorks()
})

test('a statement that fails for its own reason rolls back and keeps its connection for the next transaction', async () => {
  let pid = 0
  const failure = await s.deps.db
    .transaction(async (tx) => {
      pid = ((await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0] as { pid: number }).pid
      await tx.execute(sql`select 1/0`)
    })
    .then(
      () => null,
      (err: unknown) => err,
    )
  expect(failure).not.toBeNull()
  expect(isConnectionError(failure)).toBe(false)
  // The pool hands out its most recently returned connection first: the same backend.
  const next = await s.deps.db.transaction(
    async (tx) => (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0] as { pid: number },
  )
  expect(next.pid).toBe(pid)
})
