import { useLingui } from '@lingui/react/macro'
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import type { StripeCardElementOptions } from '@stripe/stripe-js'
import { useEffect, useMemo, useRef } from 'react'
import { css, cx } from 'styled-system/css'
import { useFieldStyles } from '../../field'
import { stripeFor, stripeLocale } from './stripe'
import { stripeErrorText } from './stripe-errors'
import { CardError, type CardInputProps } from './types'

// PAYMENT_PROVIDER=stripe: Stripe Elements' card element. The number is typed
// into Stripe's own frame and goes only to Stripe; the form submits the PaymentMethod id it
// answers. Loaded lazily by the card field.

const frame = css({ display: 'flex', alignItems: 'center', '& > div': { flex: '1' } })

/** Stripe draws inside its frame: hand it the page's text colours (light or dark mode). */
function elementStyle(host: HTMLElement | null): StripeCardElementOptions['style'] {
  const style = host ? getComputedStyle(host) : null
  return {
    base: {
      color: style?.color || '#111',
      fontSize: '16px',
      '::placeholder': { color: style?.color ? `${style.color}99` : '#777' },
    },
    invalid: { color: '#dc2626' },
  }
}

function StripeCard({ handle, onComplete, onError, invalid, labelledBy, onBlur }: CardInputProps) {
  const { i18n } = useLingui()
  const stripe = useStripe()
  const elements = useElements()
  const styles = useFieldStyles()
  const host = useRef<HTMLDivElement>(null)
  const options = useMemo<StripeCardElementOptions>(
    () => ({ hidePostalCode: true, style: elementStyle(host.current) }),
    [],
  )

  useEffect(() => {
    handle.current = {
      async tokenize() {
        const card = elements?.getElement(CardElement)
        if (!stripe || !card) throw new CardError('global.form.creditcard.error.required')
        const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card })
        if (error) throw new CardError(stripeErrorText(error, i18n))
        if (!paymentMethod) throw new CardError('global.form.creditcard.error.invalid')
        return paymentMethod.id
      },
    }
    return () => {
      handle.current = null
    }
  }, [handle, stripe, elements, i18n])

  return (
    <div
      ref={host}
      className={cx(styles.input, frame)}
      role="group"
      aria-labelledby={labelledBy}
      aria-invalid={invalid || undefined}
    >
      <CardElement
        options={options}
        onChange={(e) => {
          onComplete(e.complete)
          onError(e.error?.message)
        }}
        onBlur={onBlur}
      />
    </div>
  )
}

export default function StripeCardInput(props: CardInputProps) {
  const { i18n } = useLingui()
  const key = props.config.publishable_key ?? ''
  const locale = stripeLocale(i18n.locale)
  const stripe = useMemo(() => stripeFor(key, locale), [key, locale])
  return (
    <Elements stripe={stripe} options={{ locale }}>
      <StripeCard {...props} />
    </Elements>
  )
}
