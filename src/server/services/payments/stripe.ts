import Stripe from 'stripe'
import type { Config } from '../../config'
import type { Deps } from '../../context'
import { ApiError } from '../../lib/errors'
import { log } from '../../lib/log'
import { lockBilling, openInvoice, readBilling, seatsFor, updateBilling } from '../billing/records'
import type { Plan } from '../plans'
import { applyCard, applyInvoice, applySubscription, nowSeconds } from './stripe-sync'
import { isLive, type BillingContext, type PaymentProvider, type PayInput, type PayOutcome, type Purpose } from './types'

// PAYMENT_PROVIDER=stripe: customers, subscriptions and invoices live in Stripe;
// the client tokenizes with Stripe Elements (a PaymentMethod `pm_…`) and confirms 3-D Secure with
// stripe.confirmCardPayment(client_secret) (stripe.confirmCardSetup for a new card with nothing
// due); webhooks (stripe-webhook.ts) keep our records current.
// Every answer Stripe gives is written into our records at once too, so reads never wait for one.

type StripeApi = { host: string; port: number; protocol: 'http' | 'https' }

/** Where STRIPE_API_URL points the SDK (unset: Stripe's own API). */
export function stripeApiOf(url: string | undefined): StripeApi | undefined {
  if (!url) return undefined
  const u = new URL(url)
  const protocol = u.protocol === 'http:' ? 'http' : 'https'
  return { host: u.hostname, port: Number(u.port || (protocol === 'http' ? 80 : 443)), protocol }
}

/** The SDK client; `api` (or STRIPE_API_URL) points it elsewhere, e.g. a local server speaking Stripe's wire format. */
export function stripeClient(config: Config, api: StripeApi | undefined = stripeApiOf(config.STRIPE_API_URL)) {
  return new Stripe(config.STRIPE_SECRET_KEY!, { maxNetworkRetries: 2, timeout: 20_000, ...api })
}

export function createStripeProvider(deps: () => Deps, stripe: Stripe, publishableKey: string): PaymentProvider {
  const sync = async (sub: Stripe.Subscription) => {
    const d = deps()
    await d.db.transaction((tx) => applySubscription(d, tx, sub, nowSeconds()))
    const inv = sub.latest_invoice
    if (inv && typeof inv !== 'string') await d.db.transaction((tx) => applyInvoice(d, tx, inv))
  }

  async function customerOf(ctx: BillingContext): Promise<string> {
    const row = await readBilling(ctx.deps.db, ctx.accountId)
    if (row?.customerId) return row.customerId
    const customer = await call(() =>
      stripe.customers.create(
        { name: ctx.accountName, email: ctx.owner.email, metadata: { account_id: ctx.accountId } },
        { idempotencyKey: `customer-${ctx.accountId}` },
      ),
    )
    await ctx.deps.db.transaction(async (tx) => {
      await lockBilling(tx, ctx.accountId, 'stripe')
      await updateBilling(tx, ctx.accountId, { customerId: customer.id })
    })
    return customer.id
  }

  /** The PaymentMethod of `token` (a PaymentMethod id, or a legacy card token made into one). */
  const methodOf = (token: string) =>
    call(() => (token.startsWith('pm_') ? stripe.paymentMethods.retrieve(token) : stripe.paymentMethods.create({ type: 'card', card: { token } })))

  /** The card of `token` (or the PaymentMethod already fetched) attached as the customer's default. */
  async function attachCard(ctx: BillingContext, customer: string, card: string | Stripe.PaymentMethod) {
    const pm = typeof card === 'string' ? await methodOf(card) : card
    await call(async () => {
      if (pm.customer !== customer) await stripe.paymentMethods.attach(pm.id, { customer })
      await stripe.customers.update(customer, { invoice_settings: { default_payment_method: pm.id } })
    })
    await ctx.deps.db.transaction(async (tx) => {
      await lockBilling(tx, ctx.accountId, 'stripe')
      await applyCard(tx, pm, ctx.accountId, true)
    })
    return pm.id
  }

  /** A new card becomes the customer's and the subscription's default (it pays the next renewal). */
  async function replaceCard(ctx: BillingContext, customer: string, card: string | Stripe.PaymentMethod, subscriptionId: string | null | undefined) {
    const pm = await attachCard(ctx, customer, card)
    if (subscriptionId) await call(() => stripe.subscriptions.update(subscriptionId, { default_payment_method: pm }))
    return pm
  }

  /**
   * A new card with nothing due is authenticated for the renewals to come before it replaces the
   * one on file: a SetupIntent (off-session use), 3-D Secure through its client secret when the
   * bank asks (stripe.confirmCardSetup), the repeat carrying its id. Until then the old card stays.
   */
  async function setUpCard(ctx: BillingContext, customer: string, token: string, subscriptionId: string | null | undefined): Promise<PayOutcome> {
    const pm = await methodOf(token)
    const setup = await call(() =>
      stripe.setupIntents.create({ customer, payment_method: pm.id, usage: 'off_session', confirm: true, allowed_payment_method_types: ['card'] }),
    )
    if (setup.status === 'requires_action' && setup.client_secret) return { done: false, clientSecret: setup.client_secret }
    if (setup.status !== 'succeeded') throw new ApiError(400, 'billing.card_declined', { inputError: 'token' })
    await replaceCard(ctx, customer, pm, subscriptionId)
    return { done: true }
  }

  /** The repeat after the bank's challenge of a SetupIntent: only a succeeded one of this customer replaces the card. */
  async function completeSetup(ctx: BillingContext, customer: string, setupId: string, subscriptionId: string | null | undefined): Promise<PayOutcome> {
    const setup = await call(() => stripe.setupIntents.retrieve(setupId))
    const setupCustomer = typeof setup.customer === 'string' ? setup.customer : setup.customer?.id
    if (setupCustomer !== customer) throw new ApiError(400, 'billing.intent_invalid', { inputError: 'payment_intent' })
    if (setup.status === 'requires_payment_method' || setup.status === 'canceled') {
      throw new ApiError(400, 'billing.authentication_failed', { inputError: 'token' })
    }
    if (setup.status !== 'succeeded') throw new ApiError(400, 'billing.intent_incomplete', { inputError: 'payment_intent' })
    const pm = typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method?.id
    if (!pm) throw new ApiError(400, 'billing.intent_incomplete', { inputError: 'payment_intent' })
    await replaceCard(ctx, customer, pm, subscriptionId)
    return { done: true }
  }

  /** A PaymentIntent waiting for authentication answers its client secret; a declined one is a card error. */
  async function outcomeOf(clientSecret: string | undefined, onDecline: () => Promise<unknown>): Promise<PayOutcome> {
    if (!clientSecret) return { done: true }
    const intent = await call(() => stripe.paymentIntents.retrieve(clientSecret.split('_secret_')[0]!))
    if (intent.status === 'succeeded' || intent.status === 'processing') return { done: true }
    if (intent.status === 'requires_action') return { done: false, clientSecret }
    await onDecline().catch((err: unknown) => log.error('stripe cleanup failed', err))
    throw new ApiError(400, 'billing.card_declined', { inputError: 'token' })
  }

  async function pay(ctx: BillingContext, purpose: Purpose, input: PayInput): Promise<PayOutcome> {
    const customer = await customerOf(ctx)
    const row = await readBilling(ctx.deps.db, ctx.accountId)
    if (input.paymentIntent?.startsWith('seti_')) {
      if (purpose.call !== 'card') throw new ApiError(400, 'billing.intent_invalid', { inputError: 'payment_intent' })
      return completeSetup(ctx, customer, input.paymentIntent, row?.subscriptionId)
    }
    if (input.paymentIntent) {
      const intent = await call(() => stripe.paymentIntents.retrieve(input.paymentIntent!))
      const intentCustomer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id
      if (intentCustomer !== customer) throw new ApiError(400, 'billing.intent_invalid', { inputError: 'payment_intent' })
      if (intent.status === 'requires_payment_method' || intent.status === 'canceled') {
        throw new ApiError(400, 'billing.authentication_failed', { inputError: 'token' })
      }
      if (intent.status !== 'succeeded' && intent.status !== 'processing') {
        throw new ApiError(400, 'billing.intent_incomplete', { inputError: 'payment_intent' })
      }
      if (row?.subscriptionId) await sync(await call(() => stripe.subscriptions.retrieve(row.subscriptionId!, { expand: ['latest_invoice'] })))
      return { done: true }
    }
    if (!input.token) throw new ApiError(400, 'billing.token_required', { inputError: 'token' })

    if (purpose.call === 'card') {
      const open = await openInvoice(ctx.deps.db, ctx.accountId)
      if (!open) return setUpCard(ctx, customer, input.token, row?.subscriptionId)
      // The open invoice's payment authenticates the card (its PaymentIntent, 3-D Secure included).
      const pm = await replaceCard(ctx, customer, input.token, row?.subscriptionId)
      try {
        const inv = await call(() => stripe.invoices.pay(open.id, { payment_method: pm, expand: ['confirmation_secret'] }))
        await ctx.deps.db.transaction((tx) => applyInvoice(ctx.deps, tx, inv))
        return { done: true }
      } catch (err) {
        if (!(err instanceof ApiError) || err.key !== 'billing.card_declined' || err.opts.extra?.code !== 'invoice_payment_intent_requires_action') throw err
        const inv = await call(() => stripe.invoices.retrieve(open.id, { expand: ['confirmation_secret'] }))
        return outcomeOf(inv.confirmation_secret?.client_secret, async () => {})
      }
    }

    const pm = await attachCard(ctx, customer, input.token)
    const plan = purpose.plan
    const quantity = await seatsFor(ctx.deps.db, ctx.accountId, plan)
    if (row?.subscriptionId && isLive(row.status)) {
      // A dearer plan with a new card: the prorated difference is invoiced and charged at once.
      const params = { ...switchParams(row.subscriptionItemId, plan, quantity, pm), proration_behavior: 'always_invoice' as const }
      await sync(await call(() => stripe.subscriptions.update(row.subscriptionId!, params)))
      await ctx.deps.db.transaction((tx) => updateBilling(tx, ctx.accountId, { pendingPlan: null }))
      return { done: true }
    }
    const sub = await call(() =>
      stripe.subscriptions.create({
        customer,
        items: [{ price: plan.stripe_price!, quantity }],
        default_payment_method: pm,
        payment_behavior: 'allow_incomplete',
        metadata: { account_id: ctx.accountId, plan: plan.id },
        expand: ['latest_invoice.confirmation_secret'],
      }),
    )
    await sync(sub)
    const inv = typeof sub.latest_invoice === 'string' ? null : sub.latest_invoice
    if (sub.status === 'active' || sub.status === 'trialing') return { done: true }
    return outcomeOf(inv?.confirmation_secret?.client_secret, () => stripe.subscriptions.cancel(sub.id))
  }

  return {
    kind: 'stripe',
    publishableKey,
    pay,
    async changePlan(ctx, plan) {
      const row = await readBilling(ctx.deps.db, ctx.accountId)
      if (!row?.subscriptionId || !isLive(row.status)) throw new ApiError(402, 'plan.payment_required', { extra: { plan: plan.id } })
      const quantity = await seatsFor(ctx.deps.db, ctx.accountId, plan)
      // Stripe invoices the prorated difference at once and charges the card on file; a card
      // that does not pay fails the update, so nothing changes.
      await sync(
        await call(() =>
          stripe.subscriptions.update(row.subscriptionId!, {
            ...switchParams(row.subscriptionItemId, plan, quantity),
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
          }),
        ),
      )
      await ctx.deps.db.transaction((tx) => updateBilling(tx, ctx.accountId, { pendingPlan: null }))
    },
    // A cheaper plan: Stripe's price changes now without proration, so the next renewal bills
    // it; our record keeps the plan in force (its features) until that renewal (stripe-sync.ts).
    async scheduleChange(ctx, plan) {
      const row = await readBilling(ctx.deps.db, ctx.accountId)
      if (!row?.subscriptionId || !isLive(row.status)) throw new ApiError(400, 'billing.no_subscription', { inputError: 'plan' })
      const keep = plan ?? ctx.deps.plans.find((p) => p.id === row.plan)!
      const quantity = await seatsFor(ctx.deps.db, ctx.accountId, keep)
      await ctx.deps.db.transaction((tx) => updateBilling(tx, ctx.accountId, { pendingPlan: plan?.id ?? null }))
      const sub = await call(() =>
        stripe.subscriptions.update(row.subscriptionId!, { ...switchParams(row.subscriptionItemId, keep, quantity), proration_behavior: 'none' }),
      )
      await sync(sub)
      return new Date((sub.items.data[0]?.current_period_end ?? 0) * 1000)
    },
    async cancelAtPeriodEnd(ctx) {
      const row = await readBilling(ctx.deps.db, ctx.accountId)
      if (!row?.subscriptionId || !isLive(row.status)) throw new ApiError(400, 'billing.no_subscription', { inputError: 'plan' })
      const sub = await call(() => stripe.subscriptions.update(row.subscriptionId!, { cancel_at_period_end: true }))
      await sync(sub)
      return new Date((sub.items.data[0]?.current_period_end ?? 0) * 1000)
    },
    // Stripe prorates a change of quantity at once.
    async syncSeats(ctx) {
      const row = await readBilling(ctx.deps.db, ctx.accountId)
      const plan = ctx.deps.plans.find((p) => p.id === row?.plan)
      if (!row?.subscriptionId || !row.subscriptionItemId || !isLive(row.status) || !plan?.per_seat) return
      const quantity = await seatsFor(ctx.deps.db, ctx.accountId, plan)
      if (quantity === row.seats) return
      await sync(await call(() => stripe.subscriptions.update(row.subscriptionId!, switchParams(row.subscriptionItemId, plan, quantity))))
    },
  }
}

function switchParams(itemId: string | null, plan: Plan, quantity: number, pm?: string): Stripe.SubscriptionUpdateParams {
  return {
    items: [{ ...(itemId ? { id: itemId } : {}), price: plan.stripe_price!, quantity }],
    cancel_at_period_end: false,
    proration_behavior: 'create_prorations',
    ...(pm ? { default_payment_method: pm } : {}),
    expand: ['latest_invoice'],
  }
}

/** Stripe's errors as ours: a card error is 400 on the card field; an unreachable Stripe is 503. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) {
      throw new ApiError(400, 'billing.card_declined', { inputError: 'token', extra: { code: err.code } })
    }
    if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError || err instanceof Stripe.errors.StripeRateLimitError) {
      log.error('stripe unavailable', err.message)
      throw new ApiError(503, 'billing.provider_error', { headers: { 'Retry-After': '5' } })
    }
    throw err
  }
}
