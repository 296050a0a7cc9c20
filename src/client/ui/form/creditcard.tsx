import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState, type MutableRefObject, type ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import * as Field from '../field'
import { useVisibleField } from './context'
import { messageDescriptor, useFieldError } from './messages'
import { luhnValid } from './rules'

export { luhnValid } from './rules'

// spec §5 card field: its form value is null when empty (or incomplete) and an empty object when
// filled — the card itself never enters the form's values. This is the local provider's card
// input (decisions §5: test-mode numbers); the billing screen reads the details through `cardRef`
// to get a token, and can put Stripe Elements in this place when PAYMENT_PROVIDER=stripe.

export interface CardDetails {
  number: string
  exp_month: number
  exp_year: number
  cvc: string
}

/** The schema rule: a filled card ({}), else the required message. */
export const creditCardRequired = (message = 'global.form.creditcard.error.required') =>
  v.custom<Record<string, never> | null>((value) => value !== null && typeof value === 'object', message)

/** '4242424242424242' → '4242 4242 4242 4242' (at most 19 digits). */
export function formatCardNumber(input: string) {
  return input.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** 'MM/YY' → month and four-digit year, or null; the card must not have expired. */
export function parseExpiry(input: string, now = new Date()): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.trim())
  if (!match) return null
  const month = Number(match[1])
  const year = 2000 + Number(match[2])
  if (month < 1 || month > 12) return null
  const endOfMonth = new Date(Date.UTC(year, month, 1))
  return endOfMonth > now ? { month, year } : null
}

export function formatExpiry(input: string) {
  const digits = input.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}

/** The card's details when all three parts are valid, else null. */
export function cardDetails(parts: { number: string; expiry: string; cvc: string }, now = new Date()): CardDetails | null {
  const expiry = parseExpiry(parts.expiry, now)
  if (!luhnValid(parts.number) || !expiry || !/^\d{3,4}$/.test(parts.cvc)) return null
  return { number: parts.number.replace(/\s+/g, ''), exp_month: expiry.month, exp_year: expiry.year, cvc: parts.cvc }
}

const styles = {
  row: css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 6rem 5rem', gap: '2' }),
  error: css({ fontSize: 'sm', color: 'danger', fontWeight: 'medium' }),
}

type Part = 'number' | 'expiry' | 'cvc'

export interface CreditCardProps {
  name: string
  label: ReactNode
  helperText?: ReactNode
  /** Receives the card details (or null) as they change, for the payment provider. */
  cardRef?: MutableRefObject<CardDetails | null>
}

export function CreditCard({ name, label, helperText, cardRef }: CreditCardProps) {
  useVisibleField(name)
  const { t, i18n } = useLingui()
  const { setValue, trigger, formState, register } = useFormContext()
  const [parts, setParts] = useState({ number: '', expiry: '', cvc: '' })
  const [touched, setTouched] = useState<Record<Part, boolean>>({ number: false, expiry: false, cvc: false })
  const formError = useFieldError(name)
  const submitted = formState.submitCount > 0
  const last = useRef<CardDetails | null>(null)

  // Registered so the value is part of the form even before it is typed in.
  useEffect(() => {
    register(name)
  }, [register, name])

  const update = (next: typeof parts) => {
    setParts(next)
    const details = cardDetails(next)
    if (cardRef) cardRef.current = details
    const filled = details !== null
    if (filled !== (last.current !== null)) {
      setValue(name, filled ? {} : null, { shouldDirty: true, shouldValidate: submitted })
    }
    last.current = details
  }

  const partError = (part: Part): string | undefined => {
    if (!touched[part] && !submitted) return undefined
    if (part === 'number' && !luhnValid(parts.number)) return 'global.form.creditcard.error.invalid'
    if (part === 'expiry' && !parseExpiry(parts.expiry)) return 'global.form.creditcard.error.expiry'
    if (part === 'cvc' && !/^\d{3,4}$/.test(parts.cvc)) return 'global.form.creditcard.error.cvc'
    return undefined
  }
  const translate = (id: string | undefined) => {
    const d = messageDescriptor(id)
    return typeof d === 'string' || d === undefined ? d : i18n._(d)
  }
  const empty = !parts.number && !parts.expiry && !parts.cvc
  const firstPartError = empty ? undefined : (['number', 'expiry', 'cvc'] as const).map(partError).find(Boolean)
  const error = translate(firstPartError) ?? formError
  const blur = (part: Part) => () => {
    setTouched((t) => ({ ...t, [part]: true }))
    void trigger(name)
  }

  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <div className={styles.row} data-field-name={name}>
        <Field.Input
          aria-label={t`Card number`}
          placeholder="1234 1234 1234 1234"
          inputMode="numeric"
          autoComplete="cc-number"
          value={parts.number}
          aria-invalid={!!partError('number') || undefined}
          onChange={(e) => update({ ...parts, number: formatCardNumber(e.target.value) })}
          onBlur={blur('number')}
        />
        <Field.Input
          aria-label={t`Expiry date (MM/YY)`}
          placeholder={t`MM/YY`}
          inputMode="numeric"
          autoComplete="cc-exp"
          value={parts.expiry}
          aria-invalid={!!partError('expiry') || undefined}
          onChange={(e) => update({ ...parts, expiry: formatExpiry(e.target.value) })}
          onBlur={blur('expiry')}
        />
        <Field.Input
          aria-label={t`Security code (CVC)`}
          placeholder={t`CVC`}
          inputMode="numeric"
          autoComplete="cc-csc"
          value={parts.cvc}
          aria-invalid={!!partError('cvc') || undefined}
          onChange={(e) => update({ ...parts, cvc: e.target.value.replace(/\D/g, '').slice(0, 4) })}
          onBlur={blur('cvc')}
        />
      </div>
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText data-field={name}>{error}</Field.ErrorText>
    </Field.Root>
  )
}
