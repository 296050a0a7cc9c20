import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server'
import { and, asc, eq } from 'drizzle-orm'
import type { Deps } from '../context'
import { passkeys, users } from '../db/schema'
import { isUniqueViolation } from '../db/errors'
import { ApiError } from '../lib/errors'
import { consumeToken, issueToken } from './users'

/** SimpleWebAuthn, loaded on the first ceremony rather than with the server (a third of a second). */
const webauthn = () => import('@simplewebauthn/server')

// Passkeys (WebAuthn) through SimpleWebAuthn. Every ceremony's challenge is a
// one-time token (stored hashed, 5 minutes, used up by the first answer that names it, right or
// wrong), so a signed answer cannot be replayed. User verification is required both ways: the
// authenticator checked a PIN or a biometric, so a passkey sign-in counts as two factors
// (something you have + something you are/know) and skips the TOTP code.

type UserRow = typeof users.$inferSelect

/** The relying party is the app's own origin (APP_URL): its host name is the RP ID. */
export function relyingParty(deps: Deps) {
  const url = new URL(deps.appUrl)
  return { rpID: url.hostname, origin: url.origin, rpName: 'TBR' }
}

const toB64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const fromB64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64url'))

/** Uses up the challenge (single use); for a registration it must be this user's. */
async function useChallenge(
  deps: Deps,
  kind: 'passkey_register' | 'passkey_signin',
  challenge: string,
  userId?: string,
) {
  const row = await consumeToken(deps.db, kind, challenge)
  return row !== null && (userId === undefined || row.userId === userId)
}

export async function listPasskeys(deps: Deps, userId: string) {
  return deps.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
}

/** Options for navigator.credentials.create: a discoverable credential, user verification required. */
export async function registrationOptions(deps: Deps, user: UserRow) {
  const { rpID, rpName } = relyingParty(deps)
  const existing = await listPasskeys(deps, user.id)
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    // One passkey per authenticator: the browser says so instead of making a duplicate.
    excludeCredentials: existing.map((p) => ({
      id: p.id,
      transports: (p.transports ?? undefined) as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  await issueToken(deps.db, 'passkey_register', user.id, user.email, undefined, options.challenge)
  return options
}

/** Verifies a registration answer and stores the passkey; a bad answer is a 400 on `response`. */
export async function registerPasskey(deps: Deps, user: UserRow, name: string, response: RegistrationResponseJSON) {
  const { rpID, origin } = relyingParty(deps)
  const result = await (await webauthn()).verifyRegistrationResponse({
    response,
    expectedChallenge: (challenge) => useChallenge(deps, 'passkey_register', challenge, user.id),
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null)
  if (!result?.verified) throw new ApiError(400, 'passkey.invalid', { inputError: 'response' })
  const { credential, credentialBackedUp } = result.registrationInfo
  try {
    const [row] = await deps.db
      .insert(passkeys)
      .values({
        id: credential.id,
        userId: user.id,
        name,
        publicKey: toB64(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? null,
        backedUp: credentialBackedUp,
      })
      .returning()
    return row!
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(400, 'passkey.exists', { inputError: 'response' })
    throw err
  }
}

/** Options for a sign-in with any passkey of this site (discoverable: no list of credentials). */
export async function signInOptions(deps: Deps) {
  const options = await (await webauthn()).generateAuthenticationOptions({ rpID: relyingParty(deps).rpID, userVerification: 'required' })
  await issueToken(deps.db, 'passkey_signin', null, null, undefined, options.challenge)
  return options
}

/** The challenge an answer signed, or null when its client data cannot be read. */
function challengeOf(response: AuthenticationResponseJSON): string | null {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown
    }
    return typeof data.challenge === 'string' ? data.challenge : null
  } catch {
    return null
  }
}

/**
 * Verifies a sign-in answer: the user whose passkey signed this site's live challenge, or null.
 * The challenge is used up even when the passkey is unknown, so no answer is good twice.
 */
export async function verifyPasskeySignIn(deps: Deps, response: AuthenticationResponseJSON): Promise<UserRow | null> {
  const [row] = await deps.db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.id, response.id))
  // A discoverable credential names its user too: it must be the one the passkey was made for.
  const handle = response.response.userHandle
  if (!row || (handle && Buffer.from(handle, 'base64url').toString('utf8') !== row.user.id)) {
    const challenge = challengeOf(response)
    if (challenge) await useChallenge(deps, 'passkey_signin', challenge)
    return null
  }
  const { rpID, origin } = relyingParty(deps)
  const { passkey, user } = row
  const result = await (await webauthn()).verifyAuthenticationResponse({
    response,
    expectedChallenge: (challenge) => useChallenge(deps, 'passkey_signin', challenge),
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.id,
      publicKey: fromB64(passkey.publicKey),
      counter: passkey.counter,
      transports: (passkey.transports ?? undefined) as AuthenticatorTransport[],
    },
    requireUserVerification: true,
  }).catch(() => null)
  if (!result?.verified || user.disabled) return null
  await deps.db
    .update(passkeys)
    .set({
      counter: result.authenticationInfo.newCounter,
      backedUp: result.authenticationInfo.credentialBackedUp,
      lastUsedAt: new Date(),
    })
    .where(eq(passkeys.id, passkey.id))
  return user
}

/** Renames or removes one of the user's passkeys; another user's id is a 404. */
export async function renamePasskey(deps: Deps, userId: string, id: string, name: string) {
  const [row] = await deps.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning()
  if (!row) throw new ApiError(404, 'passkey.not_found')
  return row
}

export async function removePasskey(deps: Deps, userId: string, id: string) {
  const [row] = await deps.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id })
  if (!row) throw new ApiError(404, 'passkey.not_found')
}

/** What a list shows of a passkey (public facts only: the key itself is never in an answer). */
export const passkeyView = (p: typeof passkeys.$inferSelect) => ({
  id: p.id,
  name: p.name,
  backed_up: p.backedUp,
  created_at: p.createdAt.toISOString(),
  last_used_at: p.lastUsedAt?.toISOString() ?? null,
})
