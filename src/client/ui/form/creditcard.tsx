import { useLingui } from '@lingui/react/macro'
import { Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useOnline } from '~/client/lib/use-online'
import { useFormContext } from 'react-hook-form'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { useFieldStyles } from '../field'
import { Spinner } from '../spinner'
import { useFormMeta, useVisibleField } from './context'
import { messageDescriptor, useFieldError } from './messages'
import { LoadBoundary, retryableLazy } from './payment/lazy'
import { CardError, type CardInputHandle, type CardInputProps, type PaymentProviderKind } from './payment/types'

export { luhnValid } from './rules'
export { cardDetails, formatCardNumber, formatExpiry, parseExpiry, type CardDetails } from './payment/card-details'

// Card field: its form value is null when empty (or incomplete) and an empty object when
// filled — the card itself never enters the form's values. At submit the form asks the field for
// a token from the active payment provider (Form.Root `payment`, from GET /api/account/plans) and
// sends only that. Each provider's input is its own chunk,
// loaded only where a card field is shown: the local test provider's three inputs, or Stripe
// Elements (whose script comes from js.stripe.com).

const INPUTS = {
  local: retryableLazy<CardInputProps>(() => import('./payment/local-card')),
  stripe: retryableLazy<CardInputProps>(() => import('./payment/stripe-card')),
}

/** Fetches a provider's card input ahead of its first use (e.g. a screen whose card field is in a tab). */
export function preloadCardInput(provider: PaymentProviderKind) {
  INPUTS[provider].preload()
}

/** The schema rule: a filled card ({}), else the required message. */
export const creditCardRequired = (message = 'global.form.creditcard.error.required') =>
  v.custom<Record<string, never> | null>((value) => value !== null && typeof value === 'object', message)

const loading = css({ display: 'flex', alignItems: 'center', minH: '10' })
const retryStyle = css({
  color: 'accent',
  textDecoration: 'underline',
  cursor: 'pointer',
  _disabled: { color: 'fg.muted', cursor: 'not-allowed' },
})

export interface CreditCardProps {
  /** The API field the token fills (`token`). */
  name: string
  label: ReactNode
  helperText?: ReactNode
}

export function CreditCard({ name, label, helperText }: CreditCardProps) {
  useVisibleField(name)
  const { i18n, t } = useLingui()
  const styles = useFieldStyles()
  const meta = useFormMeta()
  const { setValue, trigger, formState, register } = useFormContext()
  const [inputError, setInputError] = useState<string | undefined>()
  const formError = useFieldError(name)
  const handle = useRef<CardInputHandle | null>(null)
  const submitted = formState.submitCount > 0
  const id = useId()
  const labelId = `${id}-label`
  const noteId = `${id}-note`

  // Registered so the value is part of the form even before it is typed in; a card field taken
  // off the form (e.g. the free plan chosen) leaves no card behind.
  useEffect(() => {
    register(name)
    return () => setValue(name, null)
  }, [register, setValue, name])

  // The form asks for the token at submit (root.tsx); only this field's input can answer it.
  useEffect(() => {
    meta.cardFields.set(name, async () => {
      if (!handle.current) throw new CardError('global.form.creditcard.error.required')
      return handle.current.tokenize()
    })
    return () => {
      meta.cardFields.delete(name)
    }
  }, [meta, name, i18n])

  const onComplete = useCallback(
    (complete: boolean) =>
      setValue(name, complete ? {} : null, { shouldDirty: true, shouldValidate: formState.submitCount > 0 }),
    [setValue, name, formState.submitCount],
  )
  const onError = useCallback((message: string | undefined) => setInputError(message), [])
  const translate = (message: string | undefined) => {
    const d = messageDescriptor(message)
    return typeof d === 'string' || d === undefined ? d : i18n._(d)
  }
  const error = translate(inputError) ?? formError
  const online = useOnline()
  const input = INPUTS[meta.payment.provider]
  const Input = input.get()

  return (
    <div className={styles.root} data-field-name={name}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <LoadBoundary
        onRetry={input.reset}
        fallback={(retry) => (
          <p className={styles.helperText}>
            {online ? t`The card form could not be loaded.` : t`The card form needs a connection: you are offline.`}{' '}
            <button type="button" className={retryStyle} onClick={retry} disabled={!online}>
              {t`Try again`}
            </button>
          </p>
        )}
      >
        <Suspense
          fallback={
            <span className={loading}>
              <Spinner size="sm" label={t`Loading the card form`} />
            </span>
          }
        >
          <Input
            config={meta.payment}
            handle={handle}
            onComplete={onComplete}
            onError={onError}
            submitted={submitted}
            invalid={!!error}
            describedBy={noteId}
            labelledBy={labelId}
            onBlur={() => void trigger(name)}
          />
        </Suspense>
      </LoadBoundary>
      <div id={noteId}>
        {error ? (
          <p className={styles.errorText} data-field={name} role="alert">
            {error}
          </p>
        ) : (
          helperText && <p className={styles.helperText}>{helperText}</p>
        )}
      </div>
    </div>
  )
}
