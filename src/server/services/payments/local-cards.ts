import { and, eq, isNull, sql } from 'drizzle-orm'
import { TEST_CARDS, type CardTokenInput, type ConfirmPaymentData } from '~/shared/schemas/billing'
import type { Db, Tx } from '../../db/client'
import { cardTokens, paymentIntents } from '../../db/schema'
import { randomToken, sha256 } from '../../lib/crypto'
import { ApiError } from '../../lib/errors'

// The local provider's card side: tokens for the three public test cards, and
// payment intents waiting for the 3-D Secure stand-in. Nothing but brand, last four and expiry
// is kept; tokens and client secrets are stored as hashes.

export type CardBehaviour = 'succeed' | 'authenticate' | 'decline'

const BEHAVIOUR: Record<string, CardBehaviour> = {
  [TEST_CARDS.succeeds]: 'succeed',
  [TEST_CARDS.authenticates]: 'authenticate',
  [TEST_CARDS.declined]: 'decline',
}

const TOKEN_TTL_MS = 3600_000
const INTENT_TTL_MS = 24 * 3600_000

/** Random ids in Stripe's style (`pm_…`, `pi_…`): opaque, unguessable. */
export const stripeLikeId = (prefix: string) => `${prefix}_${randomToken().replace(/[-_]/g, '').slice(0, 24)}`

/** POST /api/payment/local/token: only the three test cards; any other number is 400 on `number`. */
export async function createCardToken(db: Db, card: CardTokenInput): Promise<string> {
  const behaviour = BEHAVIOUR[card.number]
  if (!behaviour) throw new ApiError(400, 'billing.card_unknown', { inputError: 'number' })
  const token = `tok_${randomToken()}`
  await db.insert(cardTokens).values({
    tokenHash: sha256(token),
    brand: 'visa',
    last4: card.number.slice(-4),
    expMonth: card.exp_month,
    expYear: card.exp_year,
    behaviour,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
  })
  return token
}

/** Uses a token up (single use, one hour); a used, expired or unknown token is 400 on `token`. */
export async function useCardToken(db: Db, token: string) {
  const [row] = await db
    .update(cardTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(cardTokens.tokenHash, sha256(token)), isNull(cardTokens.usedAt), sql`${cardTokens.expiresAt} > now()`))
    .returning()
  if (!row) throw new ApiError(400, 'billing.token_invalid', { inputError: 'token' })
  return { ...row, behaviour: row.behaviour as CardBehaviour }
}

/** A charge waiting for authentication; answers its client secret (`pi_…_secret_…`). */
export async function createIntent(
  tx: Tx,
  o: { accountId: string; amount: number; currency: string; purpose: { call: 'plan' | 'card'; plan?: string }; paymentMethodId: string },
) {
  const id = stripeLikeId('pi')
  const clientSecret = `${id}_secret_${randomToken()}`
  await tx.insert(paymentIntents).values({
    id,
    accountId: o.accountId,
    secretHash: sha256(clientSecret),
    amount: o.amount,
    currency: o.currency,
    status: 'requires_action',
    purpose: o.purpose,
    paymentMethodId: o.paymentMethodId,
    expiresAt: new Date(Date.now() + INTENT_TTL_MS),
  })
  return clientSecret
}

/** POST /api/payment/local/confirm: the bank's challenge, passed or failed. Repeating it answers the same. */
export async function confirmIntent(db: Db, clientSecret: string, outcome: 'succeed' | 'fail'): Promise<ConfirmPaymentData> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.secretHash, sha256(clientSecret)))
  if (!row || row.expiresAt < new Date()) throw new ApiError(400, 'billing.client_secret_invalid', { inputError: 'client_secret' })
  if (row.status === 'requires_action') {
    const status = outcome === 'succeed' ? 'succeeded' : 'failed'
    const [done] = await db
      .update(paymentIntents)
      .set({ status })
      .where(and(eq(paymentIntents.id, row.id), eq(paymentIntents.status, 'requires_action')))
      .returning()
    if (done) return { payment_intent: row.id, status }
    return confirmIntent(db, clientSecret, outcome)
  }
  return { payment_intent: row.id, status: row.status === 'succeeded' ? 'succeeded' : 'failed' }
}

/**
 * The intent a repeated call names: this account's, for this call, authenticated. Answers its card,
 * or `done` when an earlier repeat already completed it (so a retried repeat changes nothing).
 */
export async function takeIntent(tx: Tx, accountId: string, id: string, purpose: { call: 'plan' | 'card'; plan?: string }) {
  const [row] = await tx
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.accountId, accountId)))
    .for('update')
  const same = row && row.purpose.call === purpose.call && (row.purpose.plan ?? null) === (purpose.plan ?? null)
  if (!row || !same) throw new ApiError(400, 'billing.intent_invalid', { inputError: 'payment_intent' })
  if (row.status === 'failed') throw new ApiError(400, 'billing.authentication_failed', { inputError: 'token' })
  if (row.status !== 'succeeded') throw new ApiError(400, 'billing.intent_incomplete', { inputError: 'payment_intent' })
  if (row.consumedAt) return { done: true as const, paymentMethodId: row.paymentMethodId }
  await tx.update(paymentIntents).set({ consumedAt: new Date() }).where(eq(paymentIntents.id, id))
  return { done: false as const, paymentMethodId: row.paymentMethodId }
}
