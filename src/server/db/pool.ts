import { drizzle, NodePgSession } from 'drizzle-orm/node-postgres'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { log } from '../lib/log'
import type { Db } from './client'
import { isConnectionError } from './errors'
import * as schema from './schema'

/** How long a request waits to open a connection before it answers 503. */
export const CONNECT_TIMEOUT_MS = 5_000

/**
 * The PostgreSQL pool behind `DATABASE_URL`, made to survive the server going away (a restart,
 * a failover, an administrator ending connections) and to recover by itself when it returns.
 * While it is away, queries fail with connection errors, which the API answers as 503
 * (app.ts, db/errors.ts).
 */
export function openPool(connectionString: string) {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // A server that is down refuses at once; one that is unreachable would leave requests
    // hanging on the TCP connect: give up after a few seconds instead.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Notice a peer that vanished without closing the connection (a network path dropped).
    keepAlive: true,
  })
  // A pg client emits 'error' when its connection dies, and an 'error' event nobody listens to
  // ends the process. pg-pool listens on idle clients only (and re-emits on the pool); a client
  // that is checked out (a Drizzle transaction between two statements) has no listener. So
  // every client gets one for its whole life. The statement in flight, or the next one, fails
  // with a connection error; the pool drops the broken client when it comes back.
  pool.on('connect', (client) => client.on('error', (err) => log.error('database connection lost:', err.message)))
  pool.on('error', () => {}) // idle clients: already logged by the listener above

  const db = drizzle(pool, { schema })
  db.transaction = transactionOn(pool, db)
  return { pool, db }
}

/**
 * drizzle-orm 0.45's transaction on a pool checks a client out and releases it in a `finally`
 * that only starts after BEGIN succeeded: when BEGIN fails (the connection died while idle) the
 * client is never released and the pool loses a slot for good; after `max` of them every
 * request waits for a connection that never comes. Here the checkout and release are ours and
 * always paired, and a client whose connection broke is destroyed rather than reused. The
 * transaction itself (BEGIN, COMMIT, ROLLBACK, savepoints) is still Drizzle's, on that client.
 */
function transactionOn(pool: pg.Pool, db: Db): Db['transaction'] {
  const dialect = new PgDialect()
  const relational = { schema: db._.schema!, fullSchema: db._.fullSchema, tableNamesMap: db._.tableNamesMap }
  return (async (run, config) => {
    const client = await pool.connect()
    let broken: Error | undefined
    try {
      return await new NodePgSession(client, dialect, relational).transaction(run as never, config)
    } catch (err) {
      if (isConnectionError(err)) broken = err as Error
      throw err
    } finally {
      client.release(broken)
    }
  }) as Db['transaction']
}
