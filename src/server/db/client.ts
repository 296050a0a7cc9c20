import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { listenPglite, listenPostgres, type Listener, type OnNotify } from './notify'
import { openPool } from './pool'
import * as schema from './schema'

/** Both drivers expose the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  ping(): Promise<boolean>
  /**
   * Notifications on `channel` (LISTEN/NOTIFY), for as long as the database is open. `onResume`:
   * the subscription was broken and is back, so some may have been missed (PostgreSQL only).
   */
  listen(channel: string, onNotify: OnNotify, onResume: () => void): Promise<Listener>
  close(): Promise<void>
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * Opens the database and applies pending migrations (migrations run at start).
 * `DATABASE_URL` selects PostgreSQL; otherwise embedded PGlite persisted in `dataDir`
 * (`memory://` keeps it in memory, for tests).
 */
export async function openDatabase(opts: {
  databaseUrl?: string
  dataDir: string
  /** A dumped PGlite cluster (`dumpDataDir`) an in-memory database starts from, skipping initdb (tests). */
  pgliteTemplate?: Blob
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { pool, db } = openPool(opts.databaseUrl)
    // Several API processes may start at once: one migrates, the others wait on the lock.
    const client = await pool.connect()
    try {
      await client.query('SELECT pg_advisory_lock(727274)')
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder })
    } finally {
      await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {})
      client.release()
    }
    const listeners = new Set<Listener>()
    return {
      db,
      kind: 'postgres',
      ping: () => ping(db),
      async listen(channel, onNotify, onResume) {
        const listener = listenPostgres(opts.databaseUrl!, channel, onNotify, onResume)
        listeners.add(listener)
        await listener.ready
        return listener
      },
      async close() {
        await Promise.all([...listeners].map((l) => l.close()))
        await pool.end()
      },
    }
  }
  const dir = opts.dataDir
  if (!dir.startsWith('memory://')) mkdirSync(`${dir}/pg`, { recursive: true })
  const client = dir.startsWith('memory://')
    ? new PGlite(dir, opts.pgliteTemplate ? { loadDataDir: opts.pgliteTemplate } : {})
    : new PGlite(`${dir}/pg`)
  const db = drizzlePglite(client, { schema }) as unknown as Db
  countWrites(client, db)
  await migratePglite(db as never, { migrationsFolder })
  return {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    listen: (channel, onNotify) => listenPglite(client, channel, onNotify),
    close: () => client.close(),
  }
}

async function ping(db: Db) {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}

/**
 * PGlite lives in this one process (WORKERS > 1 needs PostgreSQL, config.ts), so every write to
 * it passes here: a number that moves after each statement that may write (anything but a plain
 * `select`) and each transaction. A reader that noted it before a query knows, while it has not
 * moved, that the answer still stands (services/public-cache.ts: public loads without a query;
 * decision 45). PostgreSQL has no such number: other processes write to it too.
 */
const writeCounts = new WeakMap<Db, () => number>()
export const localWriteCount = (db: Db) => writeCounts.get(db)

function countWrites(client: PGlite, db: Db) {
  let count = 0
  const query = client.query.bind(client)
  const exec = client.exec.bind(client)
  const transaction = client.transaction.bind(client)
  const reads = (text: string) => /^\s*select\b/i.test(text)
  client.query = (async (text: string, ...rest: unknown[]) => {
    try {
      return await (query as (t: string, ...r: unknown[]) => Promise<unknown>)(text, ...rest)
    } finally {
      if (!reads(text)) count++
    }
  }) as typeof client.query
  client.exec = (async (...args: Parameters<typeof exec>) => {
    try {
      return await exec(...args)
    } finally {
      count++
    }
  }) as typeof client.exec
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    try {
      return await transaction(...args)
    } finally {
      count++
    }
  }) as typeof client.transaction
  writeCounts.set(db, () => count)
}
