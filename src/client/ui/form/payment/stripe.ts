import type { Stripe } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'

// One Stripe.js per publishable key for the page's life (loadStripe adds js.stripe.com's script,
// which the server's CSP allows). The `pure` entry adds it only when loadStripe is called, never
// on import: the payment confirmation module is shared by both providers, and the local
// provider's 3-D Secure step must not fetch Stripe at all.
const loaded = new Map<string, Promise<Stripe | null>>()

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey)
  if (!stripe) {
    stripe = loadStripe(publishableKey)
    loaded.set(publishableKey, stripe)
  }
  return stripe
}
