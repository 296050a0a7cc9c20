import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { StripeError } from '@stripe/stripe-js'
import { serverMessages } from '~/shared/messages'

// Stripe.js words its own refusals (a failed 3-D Secure, a declined card) in the locale it was
// given, and in English where it has no words of its own. The refusals a reader meets on our
// screens are said in our words, in the app's language, by Stripe's error code, as the local
// provider says them; any other error keeps Stripe's text, which stripe.ts asks for in the app's
// language.

const AUTHENTICATION_FAILED = new Set(['payment_intent_authentication_failure', 'setup_intent_authentication_failure'])
const BANK_SAID_NO = msg`Your bank did not authorise the payment. Nothing was charged.`

/** What the reader is told about a Stripe.js error, in `i18n`'s language. */
export function stripeErrorText(error: Pick<StripeError, 'code' | 'decline_code' | 'message'>, i18n: I18n): string {
  if (error.code && AUTHENTICATION_FAILED.has(error.code)) return i18n._(BANK_SAID_NO)
  if (error.code === 'card_declined' || error.decline_code) return i18n._(serverMessages['billing.card_declined'])
  return error.message ?? i18n._(msg`The payment was not authorised. Nothing was charged.`)
}
