import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { ApiRequestError, send } from '~/client/lib/http'
import { useFieldStyles } from '../../field'
import {
  cardDetails,
  formatCardNumber,
  formatExpiry,
  partError,
  type CardDetails,
  type CardParts,
} from './card-details'
import { CardError, type CardInputProps } from './types'

// The local test-mode provider's card input: three inputs whose details go
// only to POST /api/payment/local/token, which answers a single-use token; the form submits the
// token, never the number. Loaded lazily by the card field.

// On a phone the number takes a row of its own; from sm up the three parts share one.
const row = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr) minmax(0, 1fr)', sm: 'minmax(0, 1fr) 6rem 5rem' },
  gap: '2',
})
const numberCell = css({ gridColumn: { base: '1 / -1', sm: 'auto' } })

type Part = keyof CardParts

export default function LocalCardInput({
  handle,
  onComplete,
  onError,
  submitted,
  invalid,
  describedBy,
  labelledBy,
  onBlur,
}: CardInputProps) {
  const { t } = useLingui()
  const styles = useFieldStyles()
  const [parts, setParts] = useState<CardParts>({ number: '', expiry: '', cvc: '' })
  const [touched, setTouched] = useState<Record<Part, boolean>>({ number: false, expiry: false, cvc: false })
  const details = useRef<CardDetails | null>(null)

  useEffect(() => {
    handle.current = {
      async tokenize() {
        if (!details.current) throw new CardError('global.form.creditcard.error.required')
        try {
          const res = await send<{ token: string }>('post', 'payment/local/token', details.current)
          return res.data!.token
        } catch (error) {
          // A number the provider does not accept is 400 with inputError "number".
          if (error instanceof ApiRequestError && error.status === 400) throw new CardError(error.message)
          throw error
        }
      },
    }
    return () => {
      handle.current = null
    }
  }, [handle, t])

  const shown = (part: Part) => (touched[part] || submitted) && !!partError(part, parts)
  const empty = !parts.number && !parts.expiry && !parts.cvc
  const firstError = empty
    ? undefined
    : (['number', 'expiry', 'cvc'] as const)
        .filter((p) => touched[p] || submitted)
        .map((p) => partError(p, parts))
        .find(Boolean)
  useEffect(() => onError(firstError), [firstError, onError])

  const update = (next: CardParts) => {
    setParts(next)
    const filled = cardDetails(next)
    if ((filled !== null) !== (details.current !== null)) onComplete(filled !== null)
    details.current = filled
  }
  const blur = (part: Part) => () => {
    setTouched((was) => ({ ...was, [part]: true }))
    onBlur()
  }
  const common = (part: Part) => ({
    className: styles.input,
    inputMode: 'numeric' as const,
    'aria-invalid': shown(part) || (invalid && !firstError) || undefined,
    'aria-describedby': describedBy,
    onBlur: blur(part),
  })

  return (
    <div className={row} role="group" aria-labelledby={labelledBy}>
      <input
        {...common('number')}
        className={cx(styles.input, numberCell)}
        aria-label={t`Card number`}
        placeholder="1234 1234 1234 1234"
        autoComplete="cc-number"
        value={parts.number}
        onChange={(e) => update({ ...parts, number: formatCardNumber(e.target.value) })}
      />
      <input
        {...common('expiry')}
        aria-label={t`Expiry date (MM/YY)`}
        placeholder={t`MM/YY`}
        autoComplete="cc-exp"
        value={parts.expiry}
        onChange={(e) => update({ ...parts, expiry: formatExpiry(e.target.value) })}
      />
      <input
        {...common('cvc')}
        aria-label={t`Security code (CVC)`}
        placeholder={t`CVC`}
        autoComplete="cc-csc"
        value={parts.cvc}
        onChange={(e) => update({ ...parts, cvc: e.target.value.replace(/\D/g, '').slice(0, 4) })}
      />
    </div>
  )
}
