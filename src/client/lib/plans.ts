import { queryOptions } from '@tanstack/react-query'
import type { Capability, PlanInfo, PlansData } from '~/shared/schemas/billing'
import { getData } from './http'
import { shownLocale } from './session-token'

// GET /api/account/plans: shared by plan choice, billing, the dashboard
// and the navigation (features never import each other). Plan names, prices, features and what
// each unlocks come from the server, and so does the payment provider.
export type Plan = PlanInfo

export const plansQuery = () =>
  queryOptions({
    // The features come in the reader's language (Accept-Language): one cache entry per language.
    queryKey: ['account', 'plans', shownLocale()],
    queryFn: ({ signal }) => getData<PlansData>('account/plans', { signal }),
    staleTime: 60_000,
  })

/** The cheapest plan that unlocks `capability` (what a 402 names), or null. */
export function cheapestPlanWith(plans: readonly Plan[], capability: Capability): Plan | null {
  const having = plans.filter((p) => p.unlocks?.includes(capability))
  return having.reduce<Plan | null>((best, p) => (best === null || p.price < best.price ? p : best), null)
}

/** Whether the account's plan unlocks `capability`; an unknown plan unlocks nothing. */
export function planUnlocks(
  plans: readonly Plan[],
  planId: string | null | undefined,
  capability: Capability,
): boolean {
  return !!plans.find((p) => p.id === planId)?.unlocks?.includes(capability)
}

/** Paid plans (free excluded, as /account/upgrade offers them). */
export const paidPlans = (plans: readonly Plan[]) => plans.filter((p) => p.price > 0)

/** The active payment provider as the form kit takes it. */
export function paymentConfig(data: Pick<PlansData, 'provider' | 'publishable_key'> | undefined) {
  return { provider: data?.provider ?? 'local', publishable_key: data?.publishable_key ?? null } as const
}

/**
 * An entry for a capability the account's plan lacks shows an upgrade hint
 * rather than hiding. Answers the plan to upgrade to (the cheapest that unlocks it), or null when
 * the plan has it (or no plan does).
 */
export function upgradeFor(
  data: Pick<PlansData, 'plans' | 'active'> | undefined,
  capability: Capability | undefined,
): Plan | null {
  if (!data || !capability || planUnlocks(data.plans, data.active, capability)) return null
  return cheapestPlanWith(data.plans, capability)
}

/** Whether `planId` is the dearest plan there is: nothing left to upgrade to. */
export function isTopPlan(plans: readonly Plan[], planId: string | null | undefined): boolean {
  const plan = plans.find((p) => p.id === planId)
  return !!plan && plan.price > 0 && plans.every((p) => p.price <= plan.price)
}
