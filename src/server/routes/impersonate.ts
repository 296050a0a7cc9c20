import { Hono } from 'hono'
import * as v from 'valibot'
import { TokenInput } from '~/shared/schemas/auth'
import { readBody, t, type AppEnv } from '../context'
import { ApiError } from '../lib/errors'
import { ipLimit } from '../middleware/rate-limit'
import { impersonable, masterSessionOf, recordImpersonation } from '../services/impersonation'
import { authenticate, refreshSession, revokeSession, sessionToken } from '../services/sessions'
import { consumeToken, sessionUser, signIn } from '../services/users'

// POST /api/auth/impersonate {token} (decision 31). The token (single use, 5 minutes)
// names the person and the master's session it was made in. The support session it opens is
// marked (`impersonating: true`), lives at most an hour, refuses billing and security changes
// (middleware/impersonation-guard.ts), is recorded at start and stop, and is never mailed.

/** A support session lasts at most this long; it is not extended by GET /api/auth. */
export const IMPERSONATION_SESSION_SECONDS = 3600

const TokenData = v.object({ master_id: v.string(), master_session_id: v.string() })

export const impersonate = new Hono<AppEnv>()

impersonate.post('/', ipLimit('auth'), async (c) => {
  const { token } = await readBody(c, TokenInput)
  const deps = c.var.deps
  const invalid = () => new ApiError(400, 'auth.token_invalid', { inputError: 'token' })
  const row = await consumeToken(deps.db, 'impersonate', token)
  const data = v.safeParse(TokenData, row?.data)
  if (!row?.userId || !data.success) throw invalid()
  // Checked again now: support access turned off since, or the master signed out, ends it here.
  const target = await impersonable(deps.db, row.userId)
  if (!target || target.email.toLowerCase() !== (row.email ?? '').toLowerCase()) throw invalid()
  const master = await authenticate(deps, await sessionToken(deps, data.output.master_session_id, data.output.master_id))
  if (!master?.user.master || master.impersonatorId) throw invalid()
  const session = await signIn(deps, {
    userId: target.id,
    userAgent: c.req.header('user-agent'),
    impersonator: { userId: master.user.id, sessionId: master.sessionId },
    ttlSeconds: IMPERSONATION_SESSION_SECONDS,
  })
  const auth = await authenticate(deps, session.token)
  if (auth) await recordImpersonation(deps.db, 'impersonation_started', auth)
  return c.json({ data: session })
})

/**
 * POST /api/auth/impersonate/stop: ends the support session and answers the master's own session
 * (a fresh token for it, like a sign-in) when it is still live, else `data: null` (sign in again).
 */
impersonate.post('/stop', async (c) => {
  const { deps, auth } = c.var
  if (!auth.impersonatorId) throw new ApiError(400, 'impersonation.not_active')
  const masterSession = await masterSessionOf(deps.db, auth.sessionId)
  await revokeSession(deps.db, auth.sessionId)
  await recordImpersonation(deps.db, 'impersonation_stopped', auth)
  const master = masterSession
    ? await authenticate(deps, await sessionToken(deps, masterSession, auth.impersonatorId))
    : null
  if (!master) return c.json({ message: t(c, 'impersonation.stopped'), data: null })
  const token = await refreshSession(deps, master)
  return c.json({ message: t(c, 'impersonation.stopped'), data: { token, ...(await sessionUser(deps.db, master)) } })
})
