import { and, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import type { Auth, Deps } from '../context'
import type { Db, Tx } from '../db/client'
import { accounts, appSettings, events, memberships, oneTimeTokens, sessions, users } from '../db/schema'
import { newId, randomToken } from '../lib/crypto'
import type { Role } from '~/shared/permissions'
import { announce } from './live'

// Session tokens are HS256 JWTs whose `jti` names a row in `sessions`: the row
// makes them revocable. A token lives SESSION_TTL_DAYS; GET /api/auth hands back a fresh token
// for the same session (sliding expiry), so an active reader is never signed out mid-use.

const ISSUER = 'tbr'

/** JWT_SECRET, or a secret generated once and kept in the database, shared by every process. */
export async function loadSecret(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured)
  await db.insert(appSettings).values({ key: 'jwt_secret', value: randomToken() }).onConflictDoNothing()
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'))
  return new TextEncoder().encode(row!.value)
}

export async function signToken(deps: Deps, claims: Record<string, unknown>, subject: string, ttlSeconds: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(deps.secret)
}

/** The secret imported once as an HMAC key: importing it on every verify cost more than the verify. */
const verifyKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>()
function verifyKey(secret: Uint8Array) {
  let key = verifyKeys.get(secret)
  if (!key) {
    const hmac = { name: 'HMAC', hash: 'SHA-256' }
    key = crypto.subtle.importKey('raw', secret as Uint8Array<ArrayBuffer>, hmac, false, ['verify'])
    verifyKeys.set(secret, key)
  }
  return key
}

export async function readToken(deps: Deps, token: string, purpose: string) {
  try {
    const { payload } = await jwtVerify(token, await verifyKey(deps.secret), { issuer: ISSUER, algorithms: ['HS256'] })
    return payload.purpose === purpose ? payload : null
  } catch {
    return null
  }
}

export interface SessionOptions {
  userId: string
  accountId: string
  duplicateUser?: boolean
  userAgent?: string | null
  signedInAt?: Date
  /** A support session: the master and their own session; it lives ttlSeconds. */
  impersonator?: { userId: string; sessionId: string }
  ttlSeconds?: number
}

export async function createSession(deps: Deps, opts: SessionOptions) {
  const ttl = opts.ttlSeconds ?? deps.config.SESSION_TTL_DAYS * 86400
  const id = newId()
  await deps.db.insert(sessions).values({
    id,
    // A session's created_at is when its user proved who they are (sessionSignedInAt): a session
    // that only continues another one (switching account) keeps that one's time.
    createdAt: opts.signedInAt,
    userId: opts.userId,
    accountId: opts.accountId,
    duplicateUser: opts.duplicateUser ?? false,
    expiresAt: new Date(Date.now() + ttl * 1000),
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
    impersonatorId: opts.impersonator?.userId ?? null,
    impersonatorSessionId: opts.impersonator?.sessionId ?? null,
  })
  return { id, token: await sessionToken(deps, id, opts.userId) }
}

/** A fresh token for an existing session, extending its expiry (a support session keeps its end). */
export async function refreshSession(deps: Deps, auth: Auth) {
  if (auth.impersonatorId) return sessionToken(deps, auth.sessionId, auth.user.id)
  const ttl = deps.config.SESSION_TTL_DAYS * 86400
  await deps.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() + ttl * 1000), lastUsedAt: new Date() })
    .where(eq(sessions.id, auth.sessionId))
  return sessionToken(deps, auth.sessionId, auth.user.id)
}

export function sessionToken(deps: Deps, sessionId: string, userId: string) {
  return new SignJWT({ purpose: 'session' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setSubject(userId)
    .setJti(sessionId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + deps.config.SESSION_TTL_DAYS * 86400)
    .sign(deps.secret)
}

/**
 * decisions: a support session lives only while the customer keeps support access on and the
 * staff member's own session (the one it was opened from) is live and still belongs to a master.
 * Checked on every lookup, so it ends at once however those change (sign-out, a password change,
 * `npm run master -- --revoke`, the switch turned off); an ordinary session stops at the first test.
 */
const supportSessionLive = sql`(${sessions.impersonatorId} is null or (${users.supportEnabled} and exists (
  select 1 from ${sessions} ms join ${users} mu on mu.id = ms.user_id
  where ms.id = ${sessions.impersonatorSessionId} and ms.user_id = ${sessions.impersonatorId}
    and ms.revoked_at is null and ms.expires_at > now() and mu.master and not mu.disabled)))`

/**
 * The session lookup of every authenticated call, built once per database and run as a prepared
 * query: building this four-table select was ~40% of its cost on PGlite, and PostgreSQL keeps its
 * plan per connection.
 */
function prepareSessionLookup(db: Db) {
  return db
    .select({ session: sessions, user: users, account: accounts, membership: memberships })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(memberships, and(eq(memberships.userId, sessions.userId), eq(memberships.accountId, sessions.accountId)))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
        eq(users.disabled, false),
        isNull(accounts.closedAt),
        supportSessionLive,
      ),
    )
    .prepare('session_lookup')
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>()

/** Resolves a bearer session token to its live session, user, account and role, or null. */
export async function authenticate(deps: Deps, token: string): Promise<Auth | null> {
  const payload = await readToken(deps, token, 'session')
  if (!payload?.jti || !payload.sub) return null
  let lookup = sessionLookups.get(deps.db)
  if (!lookup) sessionLookups.set(deps.db, (lookup = prepareSessionLookup(deps.db)))
  const [row] = await lookup.execute({ sessionId: payload.jti, userId: payload.sub })
  if (!row) return null
  return {
    sessionId: row.session.id,
    user: row.user,
    account: row.account,
    membership: row.membership,
    role: row.membership.role as Role,
    duplicateUser: row.session.duplicateUser,
    impersonatorId: row.session.impersonatorId,
  }
}

/** When the session's user last signed in: the row's creation time (see createSession). */
export async function sessionSignedInAt(db: Db, sessionId: string): Promise<Date | null> {
  const [row] = await db.select({ at: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId))
  return row?.at ?? null
}

/** Ends one session; support sessions opened from it (a staff member signing out) end with it. */
export async function revokeSession(db: Db, sessionId: string) {
  await endSupportSessionsWhere(db, eq(sessions.impersonatorSessionId, sessionId), 'staff_signed_out')
  const [ended] = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId })
  // Its live streams end now, and so do support sessions opened from it (by its user).
  if (ended) await announce(db, { k: 'recheck', s: sessionId, u: ended.userId })
}

/**
 * Revokes every session of a user (password change or reset, disabling), optionally sparing one.
 * Pending second-factor tokens die with them (decisions: whatever ends all of a user's sessions
 * voids them): a password known before the change must not finish a sign-in after it.
 */
export async function revokeUserSessions(db: Db | Tx, userId: string, exceptSessionId?: string) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, '2fa_pending'), isNull(oneTimeTokens.usedAt)))
  // Support sessions opened as this user, or by this user as staff, end with their sessions.
  await endSupportSessionsWhere(db, or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId))!, 'sessions_ended')
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
  await announce(db, { k: 'recheck', u: userId })
}

/**
 * Ends the support sessions opened as this customer (support access turned off). The lookup
 * already refuses them; this records when they ended, for the customer's list of them.
 */
export async function endSupportSessions(db: Db | Tx, customerId: string) {
  await endSupportSessionsWhere(db, eq(sessions.userId, customerId), 'support_access_off')
  await announce(db, { k: 'recheck', u: customerId })
}

/**
 * Ends the live support sessions matching `where` and records each stop, as Stop does: the trail
 * of who acted as whom says when every support session ended and why, however it ended.
 */
async function endSupportSessionsWhere(db: Db | Tx, where: SQL, reason: string) {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(isNotNull(sessions.impersonatorId), isNull(sessions.revokedAt), where))
    .returning({ id: sessions.id, userId: sessions.userId, accountId: sessions.accountId, masterId: sessions.impersonatorId })
  if (!ended.length) return
  await db.insert(events).values(
    ended.map((e) => ({
      id: newId(),
      name: 'impersonation_stopped',
      metadata: { master_id: e.masterId, user_id: e.userId, session_id: e.id, reason },
      userId: e.masterId,
      accountId: e.accountId,
    })),
  )
}
