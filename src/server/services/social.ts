import { and, eq } from 'drizzle-orm'
import * as client from 'openid-client'
import * as v from 'valibot'
import type { Locale } from '~/shared/schemas/common'
import { truncate } from '~/shared/schemas/common'
import type { Deps } from '../context'
import { accounts, memberships, socialIdentities, users } from '../db/schema'
import { newId } from '../lib/crypto'
import { log } from '../lib/log'
import { proveAddress } from './address-proof'
import type { SocialProvider } from './social-config'
import { consumeToken, findUserByEmail, issueToken } from './users'

// Social sign-in (decision 39): OpenID Connect authorization code flow with PKCE (S256), state
// and nonce,
// through openid-client. The state is a one-time token (stored hashed, 10 minutes, used up by the
// first callback that names it) holding the nonce and the PKCE verifier; the browser that started
// the flow holds the state in a cookie too, so a callback opened in another browser (login CSRF)
// fails. openid-client checks the id_token's signature (the provider's JWKS), issuer, audience,
// expiry and nonce.

type UserRow = typeof users.$inferSelect

const configs = new WeakMap<Deps, Map<string, Promise<client.Configuration>>>()

/** The provider's discovered configuration, fetched once per process (a failure is retried). */
function discover(deps: Deps, p: SocialProvider): Promise<client.Configuration> {
  let byId = configs.get(deps)
  if (!byId) configs.set(deps, (byId = new Map()))
  let found = byId.get(p.id)
  if (!found) {
    const insecure = new URL(p.issuer).protocol === 'http:'
    found = client.discovery(new URL(p.issuer), p.clientId, undefined, client.ClientSecretPost(p.clientSecret), {
      execute: insecure ? [client.allowInsecureRequests] : [],
      timeout: 10,
    })
    found.catch(() => byId.delete(p.id))
    byId.set(p.id, found)
  }
  return found
}

export const findProvider = (deps: Deps, id: string) => deps.socialProviders.find((p) => p.id === id)

export const callbackUrl = (deps: Deps, p: SocialProvider) => `${deps.appUrl}/api/auth/social/${p.id}/callback`

/** Where to send the browser to sign in at the provider; answers that URL and the state. */
export async function startSocialSignIn(deps: Deps, p: SocialProvider) {
  const config = await discover(deps, p)
  const state = client.randomState()
  const nonce = client.randomNonce()
  const verifier = client.randomPKCECodeVerifier()
  await issueToken(deps.db, 'social_state', null, null, { provider: p.id, nonce, verifier }, state)
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(deps, p),
    scope: p.scope,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  })
  return { url: url.href, state }
}

const StateData = v.object({ provider: v.string(), nonce: v.string(), verifier: v.string() })

const Claims = v.object({
  sub: v.pipe(v.string(), v.nonEmpty()),
  email: v.optional(v.pipe(v.string(), v.email())),
  email_verified: v.optional(v.unknown()),
  name: v.optional(v.string()),
})

/**
 * Completes the flow from the callback's query: answers the person the provider vouched for, or
 * null on any failure (logged; the screen shows one message).
 */
export async function finishSocialSignIn(
  deps: Deps,
  p: SocialProvider,
  query: URLSearchParams,
  cookieState: string | undefined,
  prefs: { locale: Locale; darkMode: boolean },
): Promise<UserRow | null> {
  const state = query.get('state') ?? ''
  // Used up first, whatever follows: a callback is good once.
  const row = state ? await consumeToken(deps.db, 'social_state', state) : null
  const saved = v.safeParse(StateData, row?.data)
  if (!saved.success || saved.output.provider !== p.id) return fail(p, 'unknown or used state')
  if (cookieState !== state) return fail(p, 'state is not this browser’s')
  if (query.has('error')) return fail(p, `provider answered ${query.get('error')}`)
  try {
    const config = await discover(deps, p)
    const tokens = await client.authorizationCodeGrant(config, new URL(`${callbackUrl(deps, p)}?${query}`), {
      pkceCodeVerifier: saved.output.verifier,
      expectedNonce: saved.output.nonce,
      expectedState: state,
      idTokenExpected: true,
    })
    const idToken = tokens.claims()
    if (!idToken) return fail(p, 'no id_token')
    // Some providers put the email only in the UserInfo answer (for that subject alone).
    const fromUserInfo = idToken.email ? {} : await client.fetchUserInfo(config, tokens.access_token, idToken.sub)
    const claims = v.safeParse(Claims, { ...fromUserInfo, ...idToken })
    if (!claims.success) return fail(p, 'no subject, or an email that is not an address')
    return await resolveUser(deps, p, claims.output, prefs)
  } catch (err) {
    return fail(p, err instanceof Error ? err.message : String(err))
  }
}

function fail(p: SocialProvider, why: string): null {
  log.info(`social sign-in with ${p.id} failed: ${why}`)
  return null
}

/**
 * The user for a provider's person: the one linked to that subject before; else the user with
 * that email, linked now, only when the provider says the address is verified; else a new user
 * (verified: the provider vouched for the address). An unverified address links and creates
 * nothing: whoever controls a provider account with someone's address is not that person.
 */
async function resolveUser(
  deps: Deps,
  p: SocialProvider,
  claims: v.InferOutput<typeof Claims>,
  { locale, darkMode }: { locale: Locale; darkMode: boolean },
) {
  const db = deps.db
  const [linked] = await db
    .select({ user: users })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(and(eq(socialIdentities.provider, p.id), eq(socialIdentities.subject, claims.sub)))
  if (linked) return linked.user.disabled ? fail(p, 'user disabled') : linked.user
  if (!claims.email || claims.email_verified !== true) return fail(p, 'no verified email to link or create with')
  const email = claims.email
  const existing = await findUserByEmail(db, email)
  const identity = { provider: p.id, subject: claims.sub, email }
  if (existing) {
    if (existing.disabled) return fail(p, 'user disabled')
    await db
      .insert(socialIdentities)
      .values({ ...identity, userId: existing.id })
      .onConflictDoNothing()
    // The provider vouched for the address: on a user not verified before, this is the proof
    // that ends what someone who signed up with it first had set (services/address-proof.ts).
    return db.transaction((tx) => proveAddress(tx, existing))
  }
  const userId = newId()
  const accountId = newId()
  const name = truncate(claims.name?.trim() || email.split('@')[0]!, 100)
  // As a sign-up does (routes/account.ts): the new person owns a new account, with no plan yet.
  await db.transaction(async (tx) => {
    await tx.insert(users).values({ id: userId, name, email, verified: true, locale, darkMode, defaultAccount: accountId })
    await tx.insert(accounts).values({ id: accountId, name })
    await tx.insert(memberships).values({ userId, accountId, role: 'owner' })
    await tx.insert(socialIdentities).values({ ...identity, userId })
  })
  const [created] = await db.select().from(users).where(eq(users.id, userId))
  return created!
}

/** A one-time token /signin/social exchanges for a session (POST /api/auth {token}). */
export const socialSignInToken = (deps: Deps, user: UserRow, p: SocialProvider) =>
  issueToken(deps.db, 'signin', user.id, user.email, { provider: p.id })
