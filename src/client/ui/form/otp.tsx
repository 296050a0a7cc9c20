import { PinInput } from '@ark-ui/react/pin-input'
import { useMemo, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { ControlledField, FieldNotes } from './controlled-field'
import { OTP_LENGTH } from './rules'

export { OTP_LENGTH, otpPattern } from './rules'

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '1.5' }),
  label: css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg' }),
  control: css({ display: 'flex', alignItems: 'center', gap: '2' }),
  group: css({ display: 'flex', gap: '2' }),
  dash: css({ w: '3', h: '0.5', bg: 'border.input', borderRadius: 'full' }),
  input: css({
    w: '11',
    h: '12',
    textAlign: 'center',
    fontSize: 'xl',
    fontWeight: 'semibold',
    fontVariantNumeric: 'tabular-nums',
    layerStyle: 'inputSkin',
    _disabled: { opacity: 0.6 },
  }),
}

export interface OtpProps {
  name: string
  label: ReactNode
  helperText?: ReactNode
  /** Letters too (default digits only). */
  alphanumeric?: boolean
  /** Called with the code when the sixth character is entered (completes on the sixth). */
  onComplete?: (code: string) => void
  disabled?: boolean
}

/** One-time code: exactly 6 characters shown as 3 and 3 slots (Ark PinInput). */
export function Otp({ name, label, helperText, alphanumeric, onComplete, disabled }: OtpProps) {
  return (
    <ControlledField
      name={name}
      render={(field, error) => (
        <OtpSlots
          name={field.name}
          value={String(field.value ?? '')}
          onChange={field.onChange}
          onBlur={field.onBlur}
          label={label}
          helperText={helperText}
          error={error}
          alphanumeric={alphanumeric}
          onComplete={onComplete}
          disabled={disabled}
        />
      )}
    />
  )
}

interface OtpSlotsProps extends Omit<OtpProps, 'name'> {
  name: string
  value: string
  onChange: (value: string) => void
  onBlur: () => void
  error?: string
}

function OtpSlots({ name, value, onChange, onBlur, label, helperText, error, alphanumeric, onComplete, disabled }: OtpSlotsProps) {
  // A stable array while the code is unchanged: Ark treats a new array as a new controlled value.
  const slots = useMemo(() => Array.from({ length: OTP_LENGTH }, (_, i) => value[i] ?? ''), [value])
  const slot = (index: number) => <PinInput.Input key={index} index={index} className={styles.input} />
  const half = OTP_LENGTH / 2
  return (
    <PinInput.Root
      className={styles.root}
      name={name}
      count={OTP_LENGTH}
      otp
      type={alphanumeric ? 'alphanumeric' : 'numeric'}
      value={slots}
      onValueChange={(d) => {
        if (d.valueAsString === value) return
        onChange(d.valueAsString)
        // Completes on the sixth character.
        if (d.value.length === OTP_LENGTH && d.value.every((c) => c !== '')) onComplete?.(d.valueAsString)
      }}
      invalid={!!error}
      disabled={disabled}
      placeholder=""
      onBlur={(e) => {
        // Moving between slots is not leaving the field: validate (mode onBlur) only once focus
        // has left all six.
        const root = e.currentTarget
        setTimeout(() => {
          if (!root.contains(document.activeElement)) onBlur()
        }, 0)
      }}
    >
      <PinInput.Label className={styles.label}>{label}</PinInput.Label>
      <PinInput.Control className={styles.control}>
        <div className={styles.group}>{Array.from({ length: half }, (_, i) => slot(i))}</div>
        <span className={styles.dash} aria-hidden />
        <div className={styles.group}>{Array.from({ length: OTP_LENGTH - half }, (_, i) => slot(half + i))}</div>
      </PinInput.Control>
      <PinInput.HiddenInput />
      <FieldNotes name={name} helperText={helperText} error={error} />
    </PinInput.Root>
  )
}
