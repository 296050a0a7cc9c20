import * as v from 'valibot'

// Billing calls: request bodies the server validates and the
// answers it gives, shared by the billing screens and the server. Messages are server catalog keys.

/** What a paid plan may unlock beyond every plan's own list, custom URL, sync and charts. */
export const CAPABILITIES = ['team', 'api_keys'] as const
export type Capability = (typeof CAPABILITIES)[number]

/** A subscription's status; `null` on the free plan. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'requires_action',
  'requires_payment_method',
  'past_due',
  'canceled',
] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/** Active and trialing are normal; any other status sends a non-master to /account/billing. */
export const isGoodStanding = (status: string | null | undefined) =>
  status == null || status === 'active' || status === 'trialing'

export type PaymentProviderKind = 'local' | 'stripe'

/** The three public test cards (success, declined, 3-D Secure), without spaces. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  authenticates: '4000002500003155',
  declined: '4000000000000002',
} as const

const digits = (s: string) => s.replace(/\s+/g, '')

/** A month 1–12 or a year, as a number or a string of digits (what a form may hold). */
const Whole = (message: string) =>
  v.pipe(
    v.unknown(),
    v.transform((x) => (typeof x === 'string' && /^\s*\d{1,4}\s*$/.test(x) ? Number(x) : x)),
    v.number(message),
    v.integer(message),
  )

/**
 * POST /api/payment/local/token: the card as typed; spaces in the number are
 * ignored. Which numbers are accepted is the server's business (only the three test cards).
 */
export const CardTokenInput = v.pipe(
  v.object({
    number: v.pipe(
      v.string('validation.card.number.invalid'),
      v.transform(digits),
      v.regex(/^\d{12,19}$/, 'validation.card.number.invalid'),
    ),
    exp_month: v.pipe(Whole('validation.card.exp_month.invalid'), v.minValue(1, 'validation.card.exp_month.invalid'), v.maxValue(12, 'validation.card.exp_month.invalid')),
    // Two digits mean 20YY, as printed on cards.
    exp_year: v.pipe(
      Whole('validation.card.exp_year.invalid'),
      v.transform((y) => (y < 100 ? 2000 + y : y)),
      v.minValue(2000, 'validation.card.exp_year.invalid'),
      v.maxValue(2100, 'validation.card.exp_year.invalid'),
    ),
    cvc: v.pipe(v.string('validation.card.cvc.invalid'), v.trim(), v.regex(/^\d{3,4}$/, 'validation.card.cvc.invalid')),
  }),
  v.forward(
    v.check((c) => Date.UTC(c.exp_year, c.exp_month, 1) > Date.now(), 'validation.card.expired'),
    ['exp_year'],
  ),
)
export type CardTokenInput = v.InferOutput<typeof CardTokenInput>

/** POST /api/payment/local/confirm: the local stand-in for the bank's 3-D Secure challenge. */
export const ConfirmPaymentInput = v.object({
  client_secret: v.pipe(v.string('validation.client_secret.required'), v.nonEmpty('validation.client_secret.required'), v.maxLength(300, 'validation.client_secret.invalid')),
  outcome: v.picklist(['succeed', 'fail'], 'validation.outcome.invalid'),
})
export type ConfirmPaymentInput = v.InferOutput<typeof ConfirmPaymentInput>

/** A card token (`tok_…` locally; a PaymentMethod `pm_…` or token in stripe mode), or null. */
const CardToken = v.optional(
  v.nullable(v.pipe(v.string('validation.token.invalid'), v.trim(), v.maxLength(300, 'validation.token.invalid'))),
)
/**
 * The intent a repeated call carries after 3-D Secure: a PaymentIntent, or in
 * stripe mode the SetupIntent that authenticated a new card when no invoice was due (`seti_…`).
 */
const PaymentIntentId = v.optional(
  v.nullable(v.pipe(v.string('validation.payment_intent.invalid'), v.trim(), v.regex(/^(pi|seti)_[A-Za-z0-9_]{1,200}$/, 'validation.payment_intent.invalid'))),
)
const PlanId = v.pipe(v.string('validation.plan.required'), v.trim(), v.nonEmpty('validation.plan.required'), v.maxLength(40, 'plan.unknown'))

/**
 * POST /api/account/plan (the sign-up choice) and POST /api/account/upgrade: `{plan, token}`; a
 * paid plan needs `token`, or `payment_intent` when the call is repeated after 3-D Secure.
 */
export const PayPlanInput = v.object({ plan: PlanId, token: CardToken, payment_intent: PaymentIntentId })
export type PayPlanInput = v.InferOutput<typeof PayPlanInput>

/**
 * PATCH /api/account/plan: a change of plan for an account that has a card (to free or a cheaper
 * plan: at period end; to a dearer one: now, charging the prorated difference; to the current
 * plan: the scheduled change is canceled). `preview: true` answers what the change would do and
 * charge (PlanPreviewData) and changes nothing, so the screen can ask before it charges.
 */
export const ChangePlanInput = v.object({ plan: PlanId, preview: v.optional(v.boolean('validation.preview.invalid')) })
export type ChangePlanInput = v.InferOutput<typeof ChangePlanInput>

/** PATCH /api/account/card: a new card (`token`), or `payment_intent` after 3-D Secure. */
export const UpdateCardInput = v.object({ token: CardToken, payment_intent: PaymentIntentId })
export type UpdateCardInput = v.InferOutput<typeof UpdateCardInput>

/** POST /api/dev/clock (not in production): moves the caller's account billing clock forward. */
export const DevClockInput = v.object({
  days: v.pipe(v.number('validation.days.invalid'), v.integer('validation.days.invalid'), v.minValue(1, 'validation.days.invalid'), v.maxValue(3660, 'validation.days.invalid')),
})

/** POST /api/dev/card (not in production): makes the account's card fail its next charges, or work again. */
export const DevCardInput = v.object({
  behaviour: v.picklist(['succeed', 'decline', 'authenticate'], 'validation.behaviour.invalid'),
})

/**
 * POST /api/dev/status (not in production): puts the account's subscription straight into a status
 * the local provider's renewals never reach by themselves (trialing, requires_payment_method), so
 * every status can be tried in the browser.
 */
export const DevStatusInput = v.object({
  status: v.picklist(SUBSCRIPTION_STATUSES, 'validation.status.invalid'),
})

// ---- Answers -------------------------------------------------------------------------------

/** A plan, plus what it unlocks. `price` in major units (12 = $12.00). */
export interface PlanInfo {
  id: string
  name: string
  type: string
  price: number
  currency: string
  currency_symbol: string
  interval: 'month' | 'year' | null
  features: { name: string }[]
  unlocks: Capability[]
  /** Charged per member of the account. */
  per_seat: boolean
}

/** GET /api/account/plans. */
export interface PlansData {
  plans: PlanInfo[]
  active: string | null
  provider: PaymentProviderKind
  publishable_key?: string
  /** Who pays for the account: members are told to ask them (the read-only billing and upgrade notices). */
  owner: { name: string; email: string } | null
}

/** PATCH /api/account/plan with `preview: true`: `amount` (major units) is charged now when `when` is 'now'. */
export interface PlanPreviewData {
  preview: {
    plan: string
    when: 'now' | 'period_end' | 'kept'
    amount: number
    currency_symbol: string
    /** When the change takes effect (ISO): now, or the end of the current period. */
    date: string
  }
}

/** A paying call whose card needs 3-D Secure: nothing changed yet. */
export interface PaymentActionData {
  requires_payment_action: true
  client_secret: string
}

/** POST /api/payment/local/token. */
export interface CardTokenData {
  token: string
}

/** POST /api/payment/local/confirm. */
export interface ConfirmPaymentData {
  payment_intent: string
  status: 'succeeded' | 'failed'
}

/** GET /api/account/subscription. Dates are ISO 8601 UTC; seat_price in minor units. */
export interface SubscriptionData {
  status: SubscriptionStatus | null
  object: {
    plan: string
    cancel_at_period_end: boolean
    /** A cheaper paid plan that takes over at current_period_end (a change to free sets cancel_at_period_end). */
    pending_plan: string | null
    current_period_start: string
    current_period_end: string
    seats: number
    seat_price: number
    currency: string
    currency_symbol: string
    interval: 'month' | 'year'
  } | null
}

/** GET /api/account/card: the card (the number is never kept, only its last four digits). */
export interface CardData {
  brand: string
  last4: string
  exp_month: number
  exp_year: number
}

/** GET /api/account/invoice. `total` in major units; `invoice_pdf` needs the owner's token. */
export interface InvoiceData {
  id: string
  number: string
  date: string
  status: 'paid' | 'open' | 'void' | 'uncollectible'
  total: number
  currency: string
  currency_symbol: string
  invoice_pdf: string
}

/** The answer of a completed plan call: the plan now in force and the session user (as GET /api/user). */
export interface PlanChangeData<User = unknown> {
  plan: string
  onboarded: boolean
  user: User
  subscription: SubscriptionData
  /** PATCH to free: the day the paid plan ends (ISO), features kept until then. */
  ends_at?: string
}

/** Seats total = rounded price (minor units) × seats ÷ 100, in major units. */
export const seatsTotal = (seatPrice: number, seats: number) => (Math.round(seatPrice) * seats) / 100
