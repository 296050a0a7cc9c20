import type Stripe from 'stripe'
import type { Deps } from '../../context'
import { stripeEvents } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { renewalMails } from '../billing/payment-mails'
import { accountOfCustomer, applyCard, applyInvoice, applySubscription } from './stripe-sync'

// POST /api/payment/stripe/webhook: the signature is checked on the raw body
// (Stripe's default tolerance, 5 minutes, refuses stale deliveries); each event id is processed
// once, in the transaction that applies it, so a failure leaves it for Stripe's retry; older and
// repeated deliveries change nothing (stripe-sync.ts).

const TOLERANCE_SECONDS = 300

export async function handleStripeWebhook(deps: Deps, stripe: Stripe, payload: string, signature: string) {
  let event: Stripe.Event
  try {
    event = stripe.webhooks.constructEvent(payload, signature, deps.config.STRIPE_WEBHOOK_SECRET!, TOLERANCE_SECONDS)
  } catch {
    throw new ApiError(400, 'billing.webhook_signature')
  }
  const outcome = await deps.db.transaction(async (tx) => {
    const fresh = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning()
    if (!fresh.length) return { duplicate: true, renewal: null }
    const object = event.data.object as unknown as { object: string }
    switch (object.object) {
      case 'subscription': {
        const renewal = await applySubscription(deps, tx, object as unknown as Stripe.Subscription, event.created)
        return { duplicate: false, renewal }
      }
      case 'invoice':
        await applyInvoice(deps, tx, object as unknown as Stripe.Invoice)
        break
      case 'payment_method': {
        const pm = object as unknown as Stripe.PaymentMethod
        const customer = typeof pm.customer === 'string' ? pm.customer : pm.customer?.id
        const accountId = await accountOfCustomer(tx, customer ?? null)
        if (accountId) await applyCard(tx, pm, accountId, false)
        break
      }
    }
    return { duplicate: false, renewal: null }
  })
  if (outcome.renewal) await renewalMails(deps, [outcome.renewal])
  return { duplicate: outcome.duplicate }
}
