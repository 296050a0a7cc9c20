import * as v from 'valibot'

// decisions §5: plans are server configuration; free is always present. PLANS (JSON) replaces
// the default paid plans.

export const PlanConfig = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9_-]{1,40}$/)),
  name: v.pipe(v.string(), v.nonEmpty()),
  price: v.pipe(v.number(), v.minValue(0)),
  currency: v.optional(v.pipe(v.string(), v.length(3)), 'usd'),
  currency_symbol: v.optional(v.string(), '$'),
  interval: v.optional(v.picklist(['month', 'year']), 'month'),
  type: v.optional(v.string(), 'other'),
  features: v.array(v.string()),
})

export interface Plan {
  id: string
  name: string
  type: string
  price: number
  currency: string
  currency_symbol: string
  interval: string | null
  features: { name: string }[]
}

export const FREE_PLAN: Plan = {
  id: 'free',
  name: 'Free',
  type: 'other',
  price: 0,
  currency: 'usd',
  currency_symbol: '$',
  interval: null,
  features: [{ name: 'One public list' }, { name: 'Unlimited books' }, { name: 'Offline sync' }],
}

const DEFAULT_PAID = [
  { id: 'reader', name: 'Reader', price: 5, features: ['Everything in Free', 'Custom URL', 'Charts and view statistics'] },
  { id: 'club', name: 'Book Club', price: 12, features: ['Everything in Reader', 'Team members', 'API keys'] },
]

export function loadPlans(json: string | undefined): Plan[] {
  let raw: unknown = DEFAULT_PAID
  if (json) {
    try {
      raw = JSON.parse(json)
    } catch {
      throw new Error('Invalid environment variable PLANS: must be a JSON array of plans')
    }
  }
  const result = v.safeParse(v.array(PlanConfig), raw)
  if (!result.success) {
    const issue = result.issues[0]
    const [index, field] = issue.path?.map((p) => p.key) ?? []
    const where = index === undefined ? 'must be a JSON array of plans' : `plan ${Number(index) + 1}${field === undefined ? '' : ` ${String(field)}`}`
    // The message names where the problem is and what was expected, without echoing values.
    const expected = issue.expected ? `: expected ${issue.expected}` : ''
    throw new Error(`Invalid environment variable PLANS: ${where}${index === undefined ? '' : expected}`)
  }
  const paid = result.output
    .filter((p) => p.id !== 'free')
    .map((p) => ({ ...p, features: p.features.map((name) => ({ name })) }))
  return [FREE_PLAN, ...paid]
}
