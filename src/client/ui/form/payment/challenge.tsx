import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { send } from '~/client/lib/http'
import { Button } from '../../button'
import * as Dialog from '../../dialog'
import { stripeFor, stripeLocale } from './stripe'
import { stripeErrorText } from './stripe-errors'
import { CardError, type PaymentConfig } from './types'

// Forms and payment: when an answer says a payment action is required, the provider's
// client confirms the payment with the client secret; the form then repeats its request with
// the result (`payment_intent`). Loaded lazily, only when a payment needs it.

export type ChallengeResult = { payment_intent: string } | Error

export interface ChallengeProps {
  config: PaymentConfig
  clientSecret: string
  onDone(result: ChallengeResult): void
}

/**
 * The local provider's stand-in for the bank's 3-D Secure page: the reader
 * completes or fails the authentication, and POST /api/payment/local/confirm records it.
 */
function LocalChallenge({ clientSecret, onDone }: ChallengeProps) {
  const { t } = useLingui()
  const [busy, setBusy] = useState<'succeed' | 'fail' | null>(null)
  const done = useRef(false)
  const finish = (result: ChallengeResult) => {
    if (done.current) return
    done.current = true
    onDone(result)
  }
  const answer = async (outcome: 'succeed' | 'fail') => {
    setBusy(outcome)
    try {
      const res = await send<{ payment_intent: string; status: string }>('post', 'payment/local/confirm', {
        client_secret: clientSecret,
        outcome,
      })
      if (res.data?.status === 'succeeded') finish({ payment_intent: res.data.payment_intent })
      else finish(new CardError(t`Your bank did not authorise the payment. Nothing was charged.`))
    } catch (error) {
      finish(error instanceof Error ? error : new Error(String(error)))
    }
  }
  return (
    <Dialog.Root
      open
      role="alertdialog"
      closeOnInteractOutside={false}
      onOpenChange={(e) => {
        if (!e.open && !busy) finish(new CardError(t`The payment was not authorised. Nothing was charged.`))
      }}
    >
      <Dialog.Content>
        <Dialog.Title>
          <Trans>Confirm this payment with your bank</Trans>
        </Dialog.Title>
        <Dialog.Description>
          <Trans>
            Your bank asks you to confirm this payment (3-D Secure). In test mode this dialog stands in for your bank's
            page.
          </Trans>
        </Dialog.Description>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => void answer('fail')} loading={busy === 'fail'} disabled={!!busy}>
            <Trans>Fail authentication</Trans>
          </Button>
          <Button onClick={() => void answer('succeed')} loading={busy === 'succeed'} disabled={!!busy}>
            <Trans>Complete authentication</Trans>
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}

/** Stripe shows its own authentication page for the PaymentIntent or SetupIntent (stripe.confirmCardPayment / confirmCardSetup). */
function StripeChallenge({ config, clientSecret, onDone }: ChallengeProps) {
  const { t, i18n } = useLingui()
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    void (async () => {
      try {
        const stripe = await stripeFor(config.publishable_key ?? '', stripeLocale(i18n.locale))
        if (!stripe) throw new Error('Stripe.js did not load')
        // A new card with nothing due is authenticated through a SetupIntent (`seti_…`), a payment
        // through its PaymentIntent; the repeat carries either id as `payment_intent`.
        const { intent, error } = clientSecret.startsWith('seti_')
          ? await stripe.confirmCardSetup(clientSecret).then((r) => ({ intent: r.setupIntent, error: r.error }))
          : await stripe.confirmCardPayment(clientSecret).then((r) => ({ intent: r.paymentIntent, error: r.error }))
        if (error) onDone(new CardError(stripeErrorText(error, i18n)))
        else if (!intent) onDone(new CardError(t`The payment was not authorised. Nothing was charged.`))
        else onDone({ payment_intent: intent.id })
      } catch (error) {
        onDone(error instanceof Error ? error : new Error(String(error)))
      }
    })()
  }, [config, clientSecret, onDone, t, i18n])
  return null
}

export default function PaymentChallenge(props: ChallengeProps) {
  return props.config.provider === 'stripe' ? <StripeChallenge {...props} /> : <LocalChallenge {...props} />
}
