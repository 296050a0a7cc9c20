import { and, asc, desc, eq, ilike, inArray, isNotNull, ne, or, sql, type SQLWrapper } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { SupportSessionView, SupportUser } from '~/shared/schemas/two-factor'
import type { Auth } from '../context'
import type { Db } from '../db/client'
import { accounts, events, memberships, sessions, users } from '../db/schema'
import { newId } from '../lib/crypto'

// Support access (decision 31): a master (users.master, README `npm run master`) sees the people
// who turned support access on and may open a support session as one of them. Each start and
// stop is an event; a support session is never mailed as a sign-in.

export type ImpersonationEvent = 'impersonation_started' | 'impersonation_stopped'

/** Records a start or stop: who (the master), as whom (the user), in which account. */
export async function recordImpersonation(db: Db, name: ImpersonationEvent, session: Auth) {
  await db.insert(events).values({
    id: newId(),
    name,
    metadata: { master_id: session.impersonatorId, user_id: session.user.id, session_id: session.sessionId },
    userId: session.impersonatorId,
    accountId: session.account.id,
  })
}

/** The master's own session a support session was opened from, if it names one. */
export async function masterSessionOf(db: Db, supportSessionId: string) {
  const [row] = await db
    .select({ masterSession: sessions.impersonatorSessionId })
    .from(sessions)
    .where(eq(sessions.id, supportSessionId))
  return row?.masterSession ?? null
}

const SUPPORT_LIST_LIMIT = 50

/** Escapes LIKE wildcards so a search for `50%` means those characters. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/**
 * People who turned support access on (and are not support staff themselves), matching `search`
 * in their name, email or an account name; at most 50, by name.
 */
export async function supportUsers(db: Db, masterId: string, search: string): Promise<SupportUser[]> {
  const q = search.trim()
  const matching = q
    ? or(
        ilike(users.name, likeText(q)),
        ilike(users.email, likeText(q)),
        sql`exists (select 1 from ${memberships} m join ${accounts} a on a.id = m.account_id
          where m.user_id = ${users.id} and a.closed_at is null and a.name ilike ${likeText(q)})`,
      )
    : undefined
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email, twoFactor: users.twoFactorEnabled, lastLogin: users.lastLogin })
    .from(users)
    .where(and(eq(users.supportEnabled, true), eq(users.disabled, false), eq(users.master, false), ne(users.id, masterId), matching))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(SUPPORT_LIST_LIMIT)
  if (!people.length) return []
  const rows = await db
    .select({ userId: memberships.userId, id: accounts.id, name: accounts.name })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(inArray(memberships.userId, people.map((p) => p.id)), sql`${accounts.closedAt} is null`))
    .orderBy(asc(memberships.createdAt))
  return people.map((p) => ({
    id: p.id,
    name: p.name,
    email: p.email,
    accounts: rows.filter((r) => r.userId === p.id).map(({ id, name }) => ({ id, name })),
    two_factor: p.twoFactor,
    last_login: p.lastLogin?.toISOString() ?? null,
  }))
}

/** The user a master may open a support session for: support access on, not staff, not disabled. */
export async function impersonable(db: Db, userId: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.supportEnabled, true), eq(users.disabled, false), eq(users.master, false)))
  return user ?? null
}

const staffSession = alias(sessions, 'staff_session')
const SESSION_HISTORY_LIMIT = 50

/**
 * The support sessions opened as this person (any account), newest first, with the staff
 * member's name. One ended when it was revoked (stopped, signed out, support access turned off),
 * when it expired, or when the staff member's own session ended (their sign-out, or losing
 * master, which ends their sessions), whichever came first.
 */
export async function supportSessionsOf(db: Db, userId: string): Promise<SupportSessionView[]> {
  const past = (at: SQLWrapper) => sql`case when ${at} <= now() then ${at} end`
  const rows = await db
    .select({
      id: sessions.id,
      staffName: users.name,
      startedAt: sessions.createdAt,
      endedAt: sql<Date | string | null>`least(${sessions.revokedAt}, ${staffSession.revokedAt}, ${past(sessions.expiresAt)}, ${past(staffSession.expiresAt)})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.impersonatorId))
    .leftJoin(staffSession, eq(staffSession.id, sessions.impersonatorSessionId))
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.impersonatorId)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(SESSION_HISTORY_LIMIT)
  return rows.map((r) => ({
    id: r.id,
    staff_name: r.staffName,
    started_at: r.startedAt.toISOString(),
    ended_at: r.endedAt === null ? null : new Date(r.endedAt).toISOString(),
  }))
}
