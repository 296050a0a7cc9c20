import * as v from 'valibot'
import { CAPABILITIES, type Capability, type PlanInfo } from '~/shared/schemas/billing'
import type { Locale } from '~/shared/schemas/common'

// Plans are server configuration; free is always present. PLANS (JSON) replaces
// the default paid plans.

export const PlanConfig = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9_-]{1,40}$/)),
  name: v.pipe(v.string(), v.nonEmpty()),
  price: v.pipe(v.number(), v.minValue(0)),
  currency: v.optional(v.pipe(v.string(), v.length(3)), 'usd'),
  currency_symbol: v.optional(v.string(), '$'),
  interval: v.optional(v.picklist(['month', 'year']), 'month'),
  type: v.optional(v.string(), 'other'),
  /** A list in English, or one list per language (`{ "en": [...], "es": [...] }`; English is the fallback). */
  features: v.union([v.array(v.string()), v.object({ en: v.array(v.string()), es: v.optional(v.array(v.string())) })]),
  /** What the plan unlocks beyond every plan's own: `team`, `api_keys`. */
  unlocks: v.optional(v.array(v.picklist(CAPABILITIES)), []),
  /** Charged per member of the account . */
  per_seat: v.optional(v.boolean(), false),
  /** The Stripe price id of this plan (PAYMENT_PROVIDER=stripe). */
  stripe_price: v.optional(v.pipe(v.string(), v.regex(/^price_[A-Za-z0-9_]+$/))),
})

/** A configured plan: what the API answers of it (PlanInfo), plus what only the server uses. */
export interface Plan extends PlanInfo {
  /** `features` is in English; this holds the other languages the configuration gives. */
  localFeatures?: Partial<Record<Locale, { name: string }[]>>
  stripe_price?: string
}

export const FREE_PLAN: Plan = {
  id: 'free',
  name: 'Free',
  type: 'other',
  price: 0,
  currency: 'usd',
  currency_symbol: '$',
  interval: null,
  // Every plan has the reader's own list, the custom URL, offline sync and the charts.
  features: [{ name: 'Your own list' }, { name: 'Custom URL' }, { name: 'Offline sync' }, { name: 'Charts and view statistics' }],
  localFeatures: {
    es: [{ name: 'Tu propia lista' }, { name: 'URL personalizada' }, { name: 'Sincronización sin conexión' }, { name: 'Gráficos y estadísticas de visitas' }],
  },
  unlocks: [],
  per_seat: false,
}

const DEFAULT_PAID = [
  {
    id: 'reader',
    name: 'Reader',
    price: 5,
    features: { en: ['Everything in Free', 'Priority email support'], es: ['Todo lo de Free', 'Soporte prioritario por correo'] },
  },
  {
    id: 'club',
    name: 'Book Club',
    price: 12,
    per_seat: true,
    unlocks: ['team', 'api_keys'],
    features: {
      en: ['Everything in Reader', 'Team members', 'API keys', 'Price per member'],
      es: ['Todo lo de Reader', 'Miembros del equipo', 'Claves de API', 'Precio por miembro'],
    },
  },
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
    .map((p) => {
      const byLocale = Array.isArray(p.features) ? { en: p.features } : p.features
      const names = (list: string[]) => list.map((name) => ({ name }))
      return { ...p, features: names(byLocale.en), localFeatures: byLocale.es ? { es: names(byLocale.es) } : {} }
    })
  return [FREE_PLAN, ...paid]
}

/** The plan as the API shows it (GET /api/account/plans): no provider ids, features in the reader's language. */
export function planInfo(p: Plan, locale: Locale = 'en'): PlanInfo {
  return {
    id: p.id,
    name: p.name,
    type: p.type,
    price: p.price,
    currency: p.currency,
    currency_symbol: p.currency_symbol,
    interval: p.interval,
    features: p.localFeatures?.[locale] ?? p.features,
    unlocks: p.unlocks,
    per_seat: p.per_seat,
  }
}

/** Minor units of one seat (seat_price): the price × 100, rounded. */
export const seatPriceOf = (p: Plan) => Math.round(p.price * 100)

/** The plan's capabilities in force: none beyond free's when the subscription was canceled. */
export function capabilitiesOf(plans: Plan[], planId: string | null, status: string | null): Capability[] {
  const plan = status === 'canceled' ? undefined : plans.find((p) => p.id === planId)
  return plan?.unlocks ?? plans[0]!.unlocks
}

/** The cheapest plan that unlocks `capability` (the 402 answer names it), or null. */
export function cheapestWith(plans: Plan[], capability: Capability): Plan | null {
  return [...plans].filter((p) => p.unlocks.includes(capability)).sort((a, b) => a.price - b.price)[0] ?? null
}
