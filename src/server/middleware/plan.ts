import type { Capability } from '~/shared/schemas/billing'
import type { Auth, Deps } from '../context'
import { ApiError } from '../lib/errors'
import { capabilitiesOf, cheapestWith } from '../services/plans'

/**
 * The account's plan must unlock `capability` (PLANS `unlocks`; the table of calls' `plan`
 * column). Otherwise 402 `{ message, plan }` naming the cheapest plan that has it, which the
 * client's 402 handling turns into /account/upgrade?plan=…. A canceled subscription unlocks only
 * what the free plan does.
 */
export function assertCapability(deps: Deps, account: Auth['account'], capability: Capability) {
  if (!capabilitiesOf(deps.plans, account.plan, account.subscriptionStatus).includes(capability)) {
    const plan = cheapestWith(deps.plans, capability)
    throw plan
      ? new ApiError(402, 'plan.capability_required', { params: { plan: plan.name }, extra: { plan: plan.id } })
      : new ApiError(402, 'plan.capability_missing', { extra: { plan: null } })
  }
}
