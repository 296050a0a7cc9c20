import type { ApiResponse } from '~/client/lib/http'
import { CardError } from './types'

// The form kit's payment steps at submit (decision 34).

/** Replaces each filled card field's value ({}) with a token from the provider. */
export async function withCardTokens<T extends Record<string, unknown>>(
  values: T,
  cardFields: Map<string, () => Promise<string>>,
): Promise<T> {
  const out: Record<string, unknown> = { ...values }
  for (const [name, tokenize] of cardFields) {
    if (out[name] === null || out[name] === undefined) continue
    try {
      out[name] = await tokenize()
    } catch (error) {
      if (error instanceof CardError) throw new CardFieldError(name, error.message)
      throw error
    }
  }
  return out as T
}

/** A card error that belongs to a named field. */
export class CardFieldError extends CardError {
  constructor(
    public field: string,
    message: string,
  ) {
    super(message)
  }
}

/**
 * The client secret when an answer asks for a payment action. The flag may come in
 * `data` or on the response itself: both are read.
 */
export function paymentAction(response: ApiResponse): string | null {
  const data = (response.data ?? {}) as Record<string, unknown>
  for (const source of [data, response as Record<string, unknown>]) {
    if (source.requires_payment_action === true && typeof source.client_secret === 'string') return source.client_secret
  }
  return null
}
