import type { KeyScope } from '~/shared/schemas/key'
import type { Ctx } from '../context'
import { ApiError } from '../lib/errors'
import { authenticateKey } from '../services/api-keys'
import { hit } from '../services/rate-limit'
import { assertCapability } from './plan'
import { tooMany } from './rate-limit'

// decisions: "the token may be an API key". A key acts for its account, never for a person: it
// may make only the calls the table of calls gives a scope (shared/api/calls.ts), and only with
// that scope (403 otherwise: settings, billing, keys, team…). In order:
//   401 malformed key, wrong checksum (no database work), unknown, revoked or deleted key
//   403 a call keys may not make, or one outside the key's scopes
//   402 the account's plan no longer includes API keys (billing)
//   429 past KEY_RATE_LIMIT calls per minute for this key; every answer carries RateLimit-*

export const KEY_WINDOW_MS = 60_000

/**
 * Checks a key bearer for a call needing `scope` (undefined: keys may not make it), sets the
 * actor, and answers the RateLimit-* headers to put on the answer, refused or not.
 */
export async function authorizeKey(c: Ctx, token: string, scope: KeyScope | undefined): Promise<Record<string, string>> {
  const { deps } = c.var
  const actor = await authenticateKey(deps.db, token)
  if (!actor) throw new ApiError(401, 'key.invalid')
  if (!scope) throw new ApiError(403, 'key.not_allowed')
  if (!actor.scopes.includes(scope)) throw new ApiError(403, 'key.scope_missing', { params: { scope } })
  assertCapability(deps, actor.account, 'api_keys')

  const limit = deps.config.KEY_RATE_LIMIT
  const w = await hit(deps.db, `apikey:${actor.keyId}`, KEY_WINDOW_MS)
  // IETF draft RateLimit headers (draft-ietf-httpapi-ratelimit-headers): limit, what is left and
  // seconds until the window resets, on every answer to a key, refused or not.
  const reset = Math.max(1, Math.ceil((w.resetAt.getTime() - Date.now()) / 1000))
  const headers = {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(Math.max(0, limit - w.count)),
    'RateLimit-Reset': String(reset),
  }
  if (w.count > limit) {
    const err = tooMany(w)
    err.opts.headers = { ...err.opts.headers, ...headers }
    throw err
  }
  c.set('actor', { via: 'key', account: actor.account, keyId: actor.keyId, scopes: actor.scopes })
  return headers
}
