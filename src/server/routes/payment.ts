import { Hono } from 'hono'
import { CardTokenInput, ConfirmPaymentInput } from '~/shared/schemas/billing'
import { readBody, type AppEnv, type Ctx } from '../context'
import { ApiError, notFound } from '../lib/errors'
import { ipLimit } from '../middleware/rate-limit'
import { confirmIntent, createCardToken } from '../services/payments/local-cards'
import { handleStripeWebhook } from '../services/payments/stripe-webhook'

// /api/payment: the provider's own calls, which need no session. The local
// provider's card tokens and 3-D Secure stand-in answer only with PAYMENT_PROVIDER=local, the
// Stripe webhook only with PAYMENT_PROVIDER=stripe; otherwise 404.

export const payment = new Hono<AppEnv>()

const localOnly = (c: Ctx) => {
  if (c.var.deps.payments.kind !== 'local') throw notFound()
}

// Rate limited per IP like sign-in (AUTH_IP_LIMIT per 15 minutes): tokens are minted without a session.
payment.post('/local/token', ipLimit('payment'), async (c) => {
  localOnly(c)
  const input = await readBody(c, CardTokenInput)
  return c.json({ data: { token: await createCardToken(c.var.deps.db, input) } })
})

payment.post('/local/confirm', ipLimit('payment'), async (c) => {
  localOnly(c)
  const input = await readBody(c, ConfirmPaymentInput)
  return c.json({ data: await confirmIntent(c.var.deps.db, input.client_secret, input.outcome) })
})

// Stripe signs the raw body: it is read as text, never parsed before the signature is checked.
payment.post('/stripe/webhook', async (c) => {
  const { deps } = c.var
  if (deps.payments.kind !== 'stripe' || !deps.stripe) throw notFound()
  const signature = c.req.header('stripe-signature')
  if (!signature) throw new ApiError(400, 'billing.webhook_signature')
  const result = await handleStripeWebhook(deps, deps.stripe, await c.req.text(), signature)
  return c.json({ received: true, ...result })
})
