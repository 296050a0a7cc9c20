import type { PaymentProviderKind } from '~/shared/schemas/billing'
import type { Deps } from '../../context'
import type { Plan } from '../plans'

// One payment-provider interface, chosen by PAYMENT_PROVIDER: `local` (the
// default, state in our database) or `stripe` (the official SDK). Both keep the account's billing
// record (billing_accounts, payment_methods, invoices) current, so every read is provider-free.

export interface BillingContext {
  deps: Deps
  accountId: string
  accountName: string
  /** Who the provider's customer is (the owner making the call). */
  owner: { email: string; name: string }
}

/** A paying call's card: a token, or the PaymentIntent its 3-D Secure repeat carries. */
export interface PayInput {
  token?: string | null
  paymentIntent?: string | null
}

/** What a paying call is for: a paid plan (new, restarted or switched), or a new card (settling an open invoice). */
export type Purpose = { call: 'plan'; plan: Plan } | { call: 'card' }

/** Done, or waiting for 3-D Secure: the client confirms `clientSecret` and repeats the call. */
export type PayOutcome = { done: true } | { done: false; clientSecret: string }

export interface PaymentProvider {
  kind: PaymentProviderKind
  publishableKey?: string
  /** Declines answer 400 with inputError "token"; nothing changes until the payment succeeds. */
  pay(ctx: BillingContext, purpose: Purpose, input: PayInput): Promise<PayOutcome>
  /**
   * A live paid subscription moves now to a dearer paid plan with the card on file, charging the
   * prorated difference at once (an invoice); any scheduled change is undone. Declines are 400.
   */
  changePlan(ctx: BillingContext, plan: Plan): Promise<void>
  /**
   * `plan`: a cheaper paid plan takes over at the end of the period (features kept until then).
   * null: the current plan stays, undoing a scheduled change or a cancel. Answers the period's end.
   */
  scheduleChange(ctx: BillingContext, plan: Plan | null): Promise<Date>
  /** Ends the paid plan at the end of the period (features kept until then); answers that date. */
  cancelAtPeriodEnd(ctx: BillingContext): Promise<Date>
  /** The account's member count changed: per-seat plans follow (stripe: prorated now; local: at renewal). */
  syncSeats(ctx: BillingContext): Promise<void>
}

/** Statuses of a subscription that still runs (paid or being paid). */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due', 'requires_action', 'requires_payment_method'] as const
export const isLive = (status: string | null | undefined) => (LIVE_STATUSES as readonly string[]).includes(status ?? '')
