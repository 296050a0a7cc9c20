import { createMiddleware } from 'hono/factory'
import type { Capability } from '~/shared/schemas/billing'
import type { AppEnv, Auth, Deps } from '../context'
import { ApiError } from '../lib/errors'
import { capabilitiesOf, cheapestWith } from '../services/plans'

/**
 * Requires the session account's plan to unlock `capability` (issue 11 item 5; PLANS `unlocks`).
 * Otherwise 402 `{ message, plan }` naming the cheapest plan that has it (decisions §2), which the
 * client's 402 handling turns into /account/upgrade?plan=… (spec §8). Mount after requireAuth.
 * A canceled subscription unlocks only what the free plan does.
 */
export const requirePlan = (capability: Capability) =>
  createMiddleware<AppEnv>(async (c, next) => {
    assertCapability(c.var.deps, c.var.auth.account, capability)
    await next()
  })

/** The check itself, for callers without a session (an API key acts for its account). */
export function assertCapability(deps: Deps, account: Auth['account'], capability: Capability) {
  if (!capabilitiesOf(deps.plans, account.plan, account.subscriptionStatus).includes(capability)) {
    const plan = cheapestWith(deps.plans, capability)
    throw plan
      ? new ApiError(402, 'plan.capability_required', { params: { plan: plan.name }, extra: { plan: plan.id } })
      : new ApiError(402, 'plan.capability_missing', { extra: { plan: null } })
  }
}
