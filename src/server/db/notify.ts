import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { log } from '../lib/log'

// Notifications from the database (LISTEN/NOTIFY) for one channel. On PostgreSQL a process holds
// ONE connection of its own that listens (pooled connections are handed from query to query and
// would drop the subscription), reconnecting with a growing pause when it breaks; each time it
// is back, `onResume` tells the caller that notifications may have been missed meanwhile. On
// PGlite everything runs in this process and the embedded database delivers them itself.

export interface Listener {
  /** Settles once the first attempt to listen is over (notifications from then on arrive). */
  ready: Promise<void>
  close(): Promise<void>
}

export type OnNotify = (payload: string) => void

export async function listenPglite(client: PGlite, channel: string, onNotify: OnNotify): Promise<Listener> {
  const unlisten = await client.listen(channel, onNotify)
  return { ready: Promise.resolve(), close: () => unlisten().catch(() => {}) }
}

export function listenPostgres(url: string, channel: string, onNotify: OnNotify, onResume: () => void): Listener {
  let client: pg.Client | null = null
  let closed = false
  let failures = 0
  let timer: ReturnType<typeof setTimeout> | null = null

  const connect = async () => {
    timer = null
    if (closed) return
    const c = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 })
    client = c
    let dropped = false
    const drop = (err?: Error) => {
      if (dropped) return
      dropped = true
      if (err) log.error('database notifications lost:', err.message)
      c.end().catch(() => {})
      if (client === c) client = null
      if (closed) return
      // Announcements may have been missed while it was away: the caller asks everyone to pull.
      failures += 1
      timer = setTimeout(connect, Math.min(30_000, 250 * 2 ** Math.min(7, failures - 1)))
    }
    c.on('error', drop)
    c.on('end', () => drop())
    c.on('notification', (n) => n.channel === channel && n.payload !== undefined && onNotify(n.payload))
    try {
      await c.connect()
      await c.query(`LISTEN ${channel}`)
      if (closed) return void c.end().catch(() => {})
      if (failures > 0) onResume()
      failures = 0
    } catch (err) {
      drop(err as Error)
    }
  }
  return {
    ready: connect(),
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      await client?.end().catch(() => {})
    },
  }
}
