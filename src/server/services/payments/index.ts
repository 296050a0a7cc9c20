import type Stripe from 'stripe'
import type { Config } from '../../config'
import type { Deps } from '../../context'
import { createLocalProvider } from './local'
import type { PaymentProvider } from './types'

/**
 * The provider PAYMENT_PROVIDER names (config.ts checks the Stripe keys and prices at start). The
 * Stripe SDK is loaded only when Stripe is the provider.
 */
export async function createPaymentProvider(
  config: Config,
  deps: () => Deps,
  stripe?: Stripe,
): Promise<{ payments: PaymentProvider; stripe?: Stripe }> {
  if (config.PAYMENT_PROVIDER !== 'stripe') return { payments: createLocalProvider() }
  const { createStripeProvider, stripeClient } = await import('./stripe')
  const client = stripe ?? stripeClient(config)
  return { payments: createStripeProvider(deps, client, config.STRIPE_PUBLISHABLE_KEY!), stripe: client }
}
