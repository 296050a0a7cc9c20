import { setupI18n } from '@lingui/core'
import { expect, test } from 'vitest'
import { messages as en } from '~/client/i18n/locales/en/messages.po'
import { messages as es } from '~/client/i18n/locales/es/messages.po'
import { stripeErrorText } from './stripe-errors'

// Stripe.js's own refusal texts are English unless it was given a locale: the reader meets ours.

const i18n = (locale: 'en' | 'es') =>
  setupI18n({ locale, messages: { [locale]: (locale === 'en' ? en : es) as never } })
const STRIPE_EN =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.'

test('a failed 3-D Secure (payment or new card) in the reader’s language, not Stripe’s English', () => {
  for (const code of ['payment_intent_authentication_failure', 'setup_intent_authentication_failure']) {
    expect(stripeErrorText({ code, message: STRIPE_EN }, i18n('es'))).toBe('Tu banco no autorizó el pago. No se ha cobrado nada.')
    expect(stripeErrorText({ code, message: STRIPE_EN }, i18n('en'))).toBe(
      'Your bank did not authorise the payment. Nothing was charged.',
    )
  }
})

test('a decline, whatever the bank’s reason, in the reader’s language', () => {
  const said = stripeErrorText({ code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' }, i18n('es'))
  expect(said).not.toMatch(/insufficient|declined/i)
  expect(said).toBe(i18n('es')._('billing.card_declined'))
})

test('any other error keeps Stripe’s words (localised by the locale it was given)', () => {
  expect(stripeErrorText({ code: 'invalid_number', message: 'El número de tu tarjeta no es válido.' }, i18n('es'))).toBe(
    'El número de tu tarjeta no es válido.',
  )
})
