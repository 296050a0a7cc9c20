import type { Auth } from '../context'
import { ApiError } from '../lib/errors'

// decisions: a support session (impersonation) may read what the customer can read and change
// books, nothing else. Which calls it may make is the table of calls' `support` column, enforced
// by the policy (middleware/policy.ts); this is the refusal itself.

/** 403 "not available in a support session" when `auth` is a support session. */
export function refuseWhenImpersonated(auth: Pick<Auth, 'impersonatorId'>) {
  if (auth.impersonatorId) throw new ApiError(403, 'impersonation.refused')
}
