import { loadStripe, type Stripe } from '@stripe/stripe-js'

// One Stripe.js per publishable key for the page's life (loadStripe adds js.stripe.com's script,
// which the server's CSP allows). Only the lazily loaded Stripe card input and payment
// confirmation import this module, so other screens never fetch Stripe.
const loaded = new Map<string, Promise<Stripe | null>>()

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey)
  if (!stripe) {
    stripe = loadStripe(publishableKey)
    loaded.set(publishableKey, stripe)
  }
  return stripe
}
