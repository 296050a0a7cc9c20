import type Stripe from 'stripe'
import type { Config } from '../../config'
import type { Deps } from '../../context'
import { createLocalProvider } from './local'
import { createStripeProvider, stripeClient } from './stripe'
import type { PaymentProvider } from './types'

/** The provider PAYMENT_PROVIDER names (config.ts checks the Stripe keys and prices at start). */
export function createPaymentProvider(config: Config, deps: () => Deps, stripe?: Stripe): { payments: PaymentProvider; stripe?: Stripe } {
  if (config.PAYMENT_PROVIDER !== 'stripe') return { payments: createLocalProvider() }
  const client = stripe ?? stripeClient(config)
  return { payments: createStripeProvider(deps, client, config.STRIPE_PUBLISHABLE_KEY!), stripe: client }
}
