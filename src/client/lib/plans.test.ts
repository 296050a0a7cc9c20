import { describe, expect, test } from 'vitest'
import type { PlanInfo } from '~/shared/schemas/billing'
import { cheapestPlanWith, paidPlans, planUnlocks, upgradeFor } from './plans'

// What a plan unlocks drives the upgrade hints and the 402's plan.
const plan = (id: string, price: number, unlocks: PlanInfo['unlocks'] = []): PlanInfo => ({
  id,
  name: id,
  type: 'other',
  price,
  currency: 'usd',
  currency_symbol: '$',
  interval: price ? 'month' : null,
  features: [],
  unlocks,
  per_seat: false,
})
const plans = [
  plan('free', 0),
  plan('reader', 5),
  plan('club', 12, ['team', 'api_keys']),
  plan('pro', 30, ['team', 'api_keys']),
]

describe('plan capabilities', () => {
  test('the cheapest plan that unlocks a capability', () => {
    expect(cheapestPlanWith(plans, 'team')?.id).toBe('club')
    expect(cheapestPlanWith([plans[0]!, plans[1]!], 'team')).toBeNull()
  })

  test('an entry needs an upgrade only while the plan lacks what it needs', () => {
    expect(planUnlocks(plans, 'club', 'api_keys')).toBe(true)
    expect(planUnlocks(plans, 'reader', 'api_keys')).toBe(false)
    expect(upgradeFor({ plans, active: 'reader' }, 'team')?.id).toBe('club')
    expect(upgradeFor({ plans, active: 'pro' }, 'team')).toBeNull()
    expect(upgradeFor({ plans, active: 'free' }, undefined)).toBeNull()
    expect(upgradeFor(undefined, 'team')).toBeNull()
  })

  test('paid plans leave free out (/account/upgrade offers paid plans only)', () => {
    expect(paidPlans(plans).map((p) => p.id)).toEqual(['reader', 'club', 'pro'])
  })
})
