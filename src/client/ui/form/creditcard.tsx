import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { useFieldStyles } from '../field'
import { Spinner } from '../spinner'
import { useFormMeta, useVisibleField } from './context'
import { messageDescriptor, useFieldError } from './messages'
import { CardError, type CardInputHandle } from './payment/types'

export { luhnValid } from './rules'
export { cardDetails, formatCardNumber, formatExpiry, parseExpiry, type CardDetails } from './payment/card-details'

// spec §5 card field: its form value is null when empty (or incomplete) and an empty object when
// filled — the card itself never enters the form's values. At submit the form asks the field for
// a token from the active payment provider (Form.Root `payment`, from GET /api/account/plans) and
// sends only that (issue 11 item 1, decisions §10). Each provider's input is its own chunk,
// loaded only where a card field is shown: the local test provider's three inputs, or Stripe
// Elements (whose script comes from js.stripe.com).

const LocalCardInput = lazy(() => import('./payment/local-card'))
const StripeCardInput = lazy(() => import('./payment/stripe-card'))

/** The schema rule: a filled card ({}), else the required message. */
export const creditCardRequired = (message = 'global.form.creditcard.error.required') =>
  v.custom<Record<string, never> | null>((value) => value !== null && typeof value === 'object', message)

const loading = css({ display: 'flex', alignItems: 'center', minH: '10' })

export interface CreditCardProps {
  /** The API field the token fills (`token`, decisions §10). */
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
    (complete: boolean) => setValue(name, complete ? {} : null, { shouldDirty: true, shouldValidate: formState.submitCount > 0 }),
    [setValue, name, formState.submitCount],
  )
  const onError = useCallback((message: string | undefined) => setInputError(message), [])
  const translate = (message: string | undefined) => {
    const d = messageDescriptor(message)
    return typeof d === 'string' || d === undefined ? d : i18n._(d)
  }
  const error = translate(inputError) ?? formError
  const Input = meta.payment.provider === 'stripe' ? StripeCardInput : LocalCardInput

  return (
    <div className={styles.root} data-field-name={name}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
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
