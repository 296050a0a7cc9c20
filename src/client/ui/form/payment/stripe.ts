import type { Stripe } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'

// One Stripe.js per publishable key for the page's life (loadStripe adds js.stripe.com's script,
// which the server's CSP allows). The `pure` entry adds it only when loadStripe is called, never
// on import: the payment confirmation module is shared by both providers, and the local
// provider's 3-D Secure step must not fetch Stripe at all. Stripe.js words its errors and its
// card element in the locale it is given (by default the browser's, not the app's), so each UI
// language has its own instance.
const loaded = new Map<string, Promise<Stripe | null>>()

/** The app's UI languages are Stripe.js locales of the same name. */
export type StripeLocale = 'en' | 'es'

export const stripeLocale = (uiLocale: string): StripeLocale => (uiLocale === 'es' ? 'es' : 'en')

export function stripeFor(publishableKey: string, locale: StripeLocale): Promise<Stripe | null> {
  const key = `${publishableKey} ${locale}`
  let stripe = loaded.get(key)
  if (!stripe) {
    stripe = loadStripe(publishableKey, { locale })
    loaded.set(key, stripe)
  }
  return stripe
}
