import { sql } from 'drizzle-orm'
import type { Database, Db, Tx } from '../db/client'
import type { Listener } from '../db/notify'
import { log } from '../lib/log'

// Live across devices (decisions): every committed change of an account is announced to the
// streams of that account (GET /api/sync/stream), which tell their clients to pull. The news
// travels through the database's NOTIFY, sent inside the writing transaction so it is delivered
// only if and when that commits, and heard by ONE listener per process (db/notify.ts) that fans
// it out in memory. It names what changed, never the data: a stream only ever says "pull".

export const LIVE_CHANNEL = 'tbr_live'

/** What a NOTIFY on LIVE_CHANNEL carries (a few ids; NOTIFY payloads stay far below 8000 bytes). */
export type LiveNews =
  /** The account's books changed; `c` is its new change counter (the pull's cursor). */
  | { k: 'books'; a: string; c: number }
  | { k: 'goals'; a: string }
  /** A person's settings changed: their own devices pull (whatever account they are in); with `a`,
   *  something of theirs in that account only (their role): their streams there. */
  | { k: 'user'; u: string; a?: string }
  /** Some sessions or keys may have ended: the streams these name check their caller again now. */
  | { k: 'recheck'; a?: string; u?: string; s?: string; key?: string }

/** Sends `news` from inside (or after) the committing transaction. */
export async function announce(db: Db | Tx, news: LiveNews) {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(news)})`)
}

/** Who holds a stream, as far as deciding which news reaches it. */
export interface LiveSubscriber {
  accountId: string
  userId: string | null
  sessionId: string | null
  /** The support staff member behind a support session: their sessions ending ends it. */
  impersonatorId: string | null
  keyId: string | null
  /** News for this stream; 'resume': the listener was away, anything may have changed. */
  deliver(news: LiveNews | { k: 'resume' }): void
  close(): void
}

export function concerns(sub: LiveSubscriber, news: LiveNews): boolean {
  switch (news.k) {
    case 'books':
    case 'goals':
      return news.a === sub.accountId
    case 'user':
      return news.u === sub.userId && (news.a === undefined || news.a === sub.accountId)
    case 'recheck':
      return (
        (news.a !== undefined && news.a === sub.accountId) ||
        (news.u !== undefined && (news.u === sub.userId || news.u === sub.impersonatorId)) ||
        (news.s !== undefined && news.s === sub.sessionId) ||
        (news.key !== undefined && news.key === sub.keyId)
      )
  }
}

/** The streams of this process and the one listener they share (started with the first stream). */
export class LiveHub {
  private readonly subs = new Set<LiveSubscriber>()
  private listener: Promise<Listener> | null = null

  constructor(private readonly database: Database) {}

  async subscribe(sub: LiveSubscriber): Promise<() => void> {
    this.subs.add(sub)
    this.listener ??= this.database.listen(
      LIVE_CHANNEL,
      (payload) => this.dispatch(payload),
      () => this.subs.forEach((s) => s.deliver({ k: 'resume' })),
    )
    await this.listener.catch((err) => log.error('live announcements unavailable:', err))
    return () => this.subs.delete(sub)
  }

  get size() {
    return this.subs.size
  }

  /** Ends every stream (the process is stopping: open streams would hold it). */
  closeAll() {
    for (const sub of [...this.subs]) sub.close()
  }

  private dispatch(payload: string) {
    let news: LiveNews
    try {
      news = JSON.parse(payload) as LiveNews
    } catch {
      return
    }
    for (const sub of this.subs) if (concerns(sub, news)) sub.deliver(news)
  }
}

const hubs = new WeakMap<Database, LiveHub>()

export function liveHub(database: Database): LiveHub {
  let hub = hubs.get(database)
  if (!hub) hubs.set(database, (hub = new LiveHub(database)))
  return hub
}
