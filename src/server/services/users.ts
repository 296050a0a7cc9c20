import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Locale } from '~/shared/schemas/common'
import type { SessionUser, SignInData } from '~/shared/schemas/user'
import type { Auth, Deps } from '../context'
import type { Db, Tx } from '../db/client'
import { accounts, memberships, oneTimeTokens, users } from '../db/schema'
import { newId, randomToken, sha256 } from '../lib/crypto'
import { log } from '../lib/log'
import { ApiError } from '../lib/errors'
import { renderMail } from './mail'
import { authenticate, createSession, type SessionOptions } from './sessions'

export type UserRow = typeof users.$inferSelect

export function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .then((rows) => rows[0] ?? null)
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id))
  return user ?? null
}

/** Marks the user's address as verified; answers the user as it now is. */
export async function markVerified(db: Db, userId: string): Promise<UserRow> {
  const [user] = await db.update(users).set({ verified: true }).where(eq(users.id, userId)).returning()
  return user!
}

/** Whether another user than `exceptUserId` has this address (addresses are unique in any case). */
export async function emailTaken(db: Db | Tx, email: string, exceptUserId: string) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, exceptUserId)))
  return taken !== undefined
}

/** The user's live memberships, oldest first. */
export function userAccounts(db: Db, userId: string) {
  return db
    .select({ id: accounts.id, name: accounts.name, slug: accounts.slug, permission: memberships.role })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, userId), isNull(accounts.closedAt)))
    .orderBy(asc(memberships.createdAt), asc(accounts.id))
}

/** The user fields a session answers with (flat inside `data`). */
export async function sessionUser(db: Db, auth: Auth): Promise<SessionUser> {
  const { user, account, membership } = auth
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    slug: account.slug,
    plan: account.plan,
    permission: membership.role,
    has_password: user.passwordHash != null,
    '2fa_enabled': user.twoFactorEnabled,
    support_enabled: user.supportEnabled,
    verified: user.verified,
    onboarded: membership.onboarded,
    locale: user.locale as Locale,
    dark_mode: user.darkMode,
    account_id: account.id,
    accounts: await userAccounts(db, user.id),
    default_account: user.defaultAccount,
    account_name: account.name,
    duplicate_user: auth.duplicateUser,
    // A support session says so (the banner names the person it signed in as).
    impersonating: auth.impersonatorId != null,
    master: user.master,
    last_login: user.lastLogin?.toISOString() ?? null,
    subscription: account.plan ? (account.subscriptionStatus ?? 'active') : null,
  }
}

/** Starts a session in the user's default account (or the one given) and answers like a sign-in. */
export async function signIn(
  deps: Deps,
  opts: Omit<SessionOptions, 'accountId'> & { accountId?: string },
): Promise<SignInData> {
  let accountId = opts.accountId
  if (!accountId) {
    const [user] = await deps.db
      .select({ defaultAccount: users.defaultAccount })
      .from(users)
      .where(eq(users.id, opts.userId))
    const list = await userAccounts(deps.db, opts.userId)
    accountId = list.find((a) => a.id === user?.defaultAccount)?.id ?? list[0]?.id
  }
  // Every account this person belonged to was closed: nothing to sign in to, answered like a
  // failed sign-in so it reveals nothing.
  if (!accountId) throw new ApiError(401, 'auth.invalid_credentials')
  // A support session is not the person signing in: their last login stays theirs.
  if (!opts.impersonator) await deps.db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, opts.userId))
  const { token } = await createSession(deps, { ...opts, accountId })
  const auth = await authenticate(deps, token)
  return { token, ...(await sessionUser(deps.db, auth!)) }
}

/** Creates an account with `userId` as its owner (no plan until one is chosen). */
/** A new person and the account they own, all or nothing: a user never exists without it. */
export async function createUserWithAccount(
  db: Db,
  u: { userId: string; accountId: string; name: string; email: string; passwordHash: string; locale: Locale; darkMode: boolean },
) {
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id: u.userId,
      name: u.name,
      email: u.email,
      passwordHash: u.passwordHash,
      locale: u.locale,
      darkMode: u.darkMode,
      defaultAccount: u.accountId,
    })
    await tx.insert(accounts).values({ id: u.accountId, name: u.name })
    await tx.insert(memberships).values({ userId: u.userId, accountId: u.accountId, role: 'owner' })
  })
}

export async function createAccountFor(db: Db, userId: string, name: string) {
  const accountId = newId()
  await db.transaction(async (tx) => {
    await tx.insert(accounts).values({ id: accountId, name })
    await tx.insert(memberships).values({ userId, accountId, role: 'owner' })
  })
  return accountId
}

export type TokenKind =
  | 'verify'
  | 'magic'
  | 'reset'
  | 'signin'
  | 'email_revert'
  | 'impersonate'
  | 'passkey_register'
  | 'passkey_signin'
  | 'social_state'
  | '2fa_pending'

export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  verify: 24 * 3600_000,
  magic: 3600_000,
  reset: 3600_000,
  signin: 5 * 60_000,
  // Mailed to the old address after an email change (services/email-change.ts): a week gives an
  // owner who reads mail rarely the time to notice a change they did not make.
  email_revert: 7 * 24 * 3600_000,
  // A support sign-in token lives 5 minutes.
  impersonate: 5 * 60_000,
  // WebAuthn challenges (single use, expiring) and a social sign-in's state:
  // a ceremony or a trip to the provider and back takes a minute, not hours.
  passkey_register: 5 * 60_000,
  passkey_signin: 5 * 60_000,
  social_state: 10 * 60_000,
  // The sign-in that waits for a second factor (decisions: short-lived).
  '2fa_pending': 5 * 60_000,
}

/** Issues a single-use token; only its hash is stored. `email` is the address it belongs to. */
export async function issueToken(
  db: Db,
  kind: TokenKind,
  userId: string | null,
  email: string | null,
  data?: Record<string, unknown>,
  token = randomToken(),
) {
  await db.insert(oneTimeTokens).values({
    id: newId(),
    tokenHash: sha256(token),
    kind,
    userId,
    email,
    data: data ?? null,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[kind]),
  })
  return token
}

const live = (kind: TokenKind, token: string) =>
  and(
    eq(oneTimeTokens.tokenHash, sha256(token)),
    eq(oneTimeTokens.kind, kind),
    isNull(oneTimeTokens.usedAt),
    sql`${oneTimeTokens.expiresAt} > now()`,
  )

/** Whether a token of that kind is live, without using it up (to skip work for dead links). */
export async function isLiveToken(db: Db, kind: TokenKind, token: string) {
  const [row] = await db.select({ id: oneTimeTokens.id }).from(oneTimeTokens).where(live(kind, token))
  return row !== undefined
}

/** Consumes a live token of that kind atomically (single use); answers its row or null. */
export async function consumeToken(db: Db | Tx, kind: TokenKind, token: string) {
  const [row] = await db.update(oneTimeTokens).set({ usedAt: new Date() }).where(live(kind, token)).returning()
  return row ?? null
}

/**
 * Consumes a live token of that kind and answers the user it was issued to, or null. A token only
 * counts for the address it was mailed to: after an email change, links sent to the old address
 * no longer sign in, reset the password or verify anything. Disabled users get null.
 */
export async function consumeUserToken(db: Db | Tx, kind: TokenKind, token: string) {
  const row = await consumeToken(db, kind, token)
  if (!row?.userId) return null
  const [user] = await db.select().from(users).where(eq(users.id, row.userId))
  if (!user || user.disabled || (row.email ?? '').toLowerCase() !== user.email.toLowerCase()) return null
  return user
}

const LINK_PATH: Record<MailedTokenKind, string> = {
  verify: '/signup/verify',
  magic: '/magic',
  reset: '/resetpassword',
  email_revert: '/email/revert',
}

type MailedTokenKind = 'verify' | 'magic' | 'reset' | 'email_revert'

/**
 * Issues a token for `user.email` and mails its link there, in the user's language (`email`: the
 * address an email_revert mail names as the new one). Answers whether the mail went out: a mail
 * server failure is logged, not thrown, so the call that sends it (a sign-up, an email change) is
 * not lost half done; callers that only send mail report it.
 */
export async function sendTokenMail(
  deps: Deps,
  kind: MailedTokenKind,
  user: { id: string; email: string; name: string; locale: string },
  params: { email?: string } = {},
): Promise<boolean> {
  const token = await issueToken(deps.db, kind, user.id, user.email)
  const link = `${deps.appUrl}${LINK_PATH[kind]}?token=${token}`
  try {
    await deps.mailer.send(
      renderMail(kind, user.locale as Locale, { to: user.email, name: user.name, email: params.email, link }),
    )
    return true
  } catch (err) {
    log.error(`mail (${kind}) to ${user.email} failed:`, err instanceof Error ? err.message : err)
    return false
  }
}
