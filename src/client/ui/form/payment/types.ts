import type { MutableRefObject } from 'react'

// The client learns the provider from GET /api/account/plans (`provider`,
// `publishable_key`); the card field and the payment confirmation both go through it.
import type { PaymentProviderKind } from '~/shared/schemas/billing'

export type { PaymentProviderKind }

export interface PaymentConfig {
  provider: PaymentProviderKind
  publishable_key?: string | null
}

/** The local test-mode provider: what a form uses until it is told otherwise. */
export const LOCAL_PAYMENTS: PaymentConfig = { provider: 'local' }

/**
 * A card that cannot be used (refused by the provider while tokenizing, or a failed or abandoned
 * 3-D Secure authentication): shown on the card field, nothing was charged.
 */
export class CardError extends Error {}

/** What a provider's card input offers the field: a single-use token for the card typed in. */
export interface CardInputHandle {
  tokenize(): Promise<string>
}

export interface CardInputProps {
  config: PaymentConfig
  /** Receives the handle once the input is ready. */
  handle: MutableRefObject<CardInputHandle | null>
  /** True once every part is filled in validly (the field's value becomes {}), false otherwise. */
  onComplete(complete: boolean): void
  /** The input's own complaint (a translated text or a catalog id), or undefined. */
  onError(message: string | undefined): void
  /** Parts show their errors once touched, or after a submit. */
  submitted: boolean
  invalid: boolean
  describedBy: string
  /** The label's id, to name the parts' group. */
  labelledBy: string
  onBlur(): void
}
