import { Hono } from 'hono'
import * as v from 'valibot'
import { StartImpersonationInput } from '~/shared/schemas/two-factor'
import { readBody, validate, type AppEnv } from '../context'
import { ApiError } from '../lib/errors'
import { impersonable, supportSessionsOf, supportUsers } from '../services/impersonation'
import { issueToken, TOKEN_TTL_MS } from '../services/users'

// The support screen's calls, for masters only (users.master, set by
// `npm run master -- <email>`, never by any API; `who: 'staff'` in the table of calls). A
// support session cannot call them. One call is the customer's: the list of support sessions
// opened as them.

const SearchQuery = v.object({ search: v.optional(v.pipe(v.string(), v.maxLength(200, 'validation.invalid')), '') })

export const support = new Hono<AppEnv>()

/**
 * GET /api/support/sessions: the support sessions opened as the signed-in person (/help lists
 * them). Any signed-in person, a support session too: it only reads, and nothing can edit or
 * delete this history.
 */
support.get('/sessions', async (c) => c.json({ data: await supportSessionsOf(c.var.deps.db, c.var.auth.user.id) }))

/** GET /api/support/users?search=: people who turned support access on. */
support.get('/users', async (c) => {
  const { search } = validate(SearchQuery, { search: c.req.query('search') ?? '' })
  return c.json({ data: await supportUsers(c.var.deps.db, c.var.auth.user.id, search) })
})

/**
 * POST /api/support/impersonate {user_id}: a single-use support sign-in token for that person,
 * good for 5 minutes (stored hashed, like every one-time token); exchanged at
 * /signin/impersonate?token= (POST /api/auth/impersonate). Refused (403) when support access is off.
 */
support.post('/impersonate', async (c) => {
  const { user_id } = await readBody(c, StartImpersonationInput)
  const { deps, auth } = c.var
  const target = await impersonable(deps.db, user_id)
  if (!target) throw new ApiError(403, 'impersonation.access_off', { inputError: 'user_id' })
  const token = await issueToken(deps.db, 'impersonate', target.id, target.email, {
    master_id: auth.user.id,
    master_session_id: auth.sessionId,
  })
  const expires_at = new Date(Date.now() + TOKEN_TTL_MS.impersonate).toISOString()
  return c.json({ data: { token, url: `/signin/impersonate?token=${token}`, expires_at } })
})
