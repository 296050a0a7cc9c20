import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, type InputHTMLAttributes, type ReactNode } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { css } from 'styled-system/css'
import { Checkbox } from '../checkbox'
import * as Field from '../field'
import { PasswordInput } from '../password-input'
import * as RadioGroup from '../radio-group'
import { useVisibleField } from './context'
import { ControlledField } from './controlled-field'
import { useFieldError } from './messages'

interface BaseFieldProps {
  /** The API field name (inputs carry the name of the field they fill). */
  name: string
  label: ReactNode
  helperText?: ReactNode
  required?: boolean
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type' | 'children'>

const styles = {
  footer: css({ display: 'flex', justifyContent: 'space-between', gap: '3', alignItems: 'flex-start' }),
  counter: css({
    fontSize: 'xs',
    color: 'fg.muted',
    ms: 'auto',
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
    '&[data-over]': { color: 'danger', fontWeight: 'semibold' },
  }),
}

function Frame({
  name,
  label,
  helperText,
  required,
  error,
  counter,
  children,
}: BaseFieldProps & { error?: string; counter?: ReactNode; children: ReactNode }) {
  const note = error ? (
    <Field.ErrorText data-field={name}>{error}</Field.ErrorText>
  ) : (
    helperText && <Field.HelperText>{helperText}</Field.HelperText>
  )
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>{label}</Field.Label>
      {children}
      {counter ? (
        <div className={styles.footer}>
          {note}
          {counter}
        </div>
      ) : (
        note
      )}
    </Field.Root>
  )
}

/**
 * The characters used of a text field's `maxLength`, from 90% of it on. The limit is the schema's
 * (max_length message), not the browser's: its maxLength attribute drops what is typed
 * or pasted past the limit without a word. Going past it shows the field's message at once.
 */
function LengthCounter({ name, max }: { name: string; max: number }) {
  const { i18n } = useLingui()
  const { trigger } = useFormContext()
  const used = ((useWatch({ name }) as string | null | undefined) ?? '').length
  const over = used > max
  const crossed = useRef(false)
  useEffect(() => {
    if (!over && !crossed.current) return
    crossed.current = true
    void trigger(name)
  }, [over, name, trigger])
  if (used < max * 0.9) return null
  return (
    <span className={styles.counter} data-over={over ? '' : undefined} aria-hidden>
      {i18n.number(used)}/{i18n.number(max)}
    </span>
  )
}

export function Text({
  name,
  label,
  helperText,
  required,
  type = 'text',
  maxLength,
  ...input
}: BaseFieldProps & InputProps & { type?: 'text' | 'email' | 'url' | 'tel' | 'number' }) {
  useVisibleField(name)
  const { register } = useFormContext()
  const error = useFieldError(name)
  return (
    <Frame
      name={name}
      label={label}
      helperText={helperText}
      required={required}
      error={error}
      counter={maxLength !== undefined && <LengthCounter name={name} max={maxLength} />}
    >
      <Field.Input type={type} {...input} {...register(name)} />
    </Frame>
  )
}

/** An email input (email pattern comes from the schema). */
export function Email(props: BaseFieldProps & InputProps) {
  return <Text type="email" autoComplete="email" inputMode="email" spellCheck={false} {...props} />
}

export function Password({ name, label, helperText, required, ...input }: BaseFieldProps & InputProps) {
  useVisibleField(name)
  const { register } = useFormContext()
  const error = useFieldError(name)
  return (
    <Frame name={name} label={label} helperText={helperText} required={required} error={error}>
      <PasswordInput {...input} {...register(name)} />
    </Frame>
  )
}

/**
 * A password being chosen (sign-up, reset, change): the password manager's new-password hint and
 * the complexity rule spelled out under the field.
 */
export function NewPassword({ name, label, required }: Omit<BaseFieldProps, 'helperText'>) {
  const { t } = useLingui()
  return (
    <Password
      name={name}
      label={label}
      autoComplete="new-password"
      helperText={t`At least 8 characters, including a special character such as ! or #.`}
      required={required}
    />
  )
}

/** A value sent with the form but not shown (e.g. the reset token); its errors go to the central handler. */
export function Hidden({ name }: { name: string }) {
  const { register } = useFormContext()
  return <input type="hidden" {...register(name)} />
}

export function CheckboxField({ name, label, helperText }: Omit<BaseFieldProps, 'required'>) {
  return (
    <ControlledField
      name={name}
      render={(field, error) => (
        <Field.Root invalid={!!error}>
          <Checkbox
            name={field.name}
            label={label}
            checked={!!field.value}
            invalid={!!error}
            onCheckedChange={(e) => field.onChange(e.checked === true)}
            onBlur={field.onBlur}
          />
          {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
          <Field.ErrorText data-field={name}>{error}</Field.ErrorText>
        </Field.Root>
      )}
    />
  )
}

export interface RadioOption {
  value: string
  label: ReactNode
  description?: ReactNode
  /** Shown at the end of the option (e.g. a price or a "coming soon" badge). */
  aside?: ReactNode
  disabled?: boolean
}

const radioError = css({ fontSize: 'sm', color: 'danger', fontWeight: 'medium' })

export function Radio({ name, label, options }: { name: string; label: ReactNode; options: RadioOption[] }) {
  const errorId = `${name}-error`
  return (
    <ControlledField
      name={name}
      render={(field, error) => (
        <RadioGroup.Root
          name={field.name}
          value={(field.value as string | undefined) ?? null}
          onValueChange={(e) => field.onChange(e.value)}
          invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          onBlur={field.onBlur}
        >
          <RadioGroup.Label>{label}</RadioGroup.Label>
          {options.map((option) => (
            <RadioGroup.Item key={option.value} value={option.value} disabled={option.disabled}>
              <RadioGroup.ItemControl />
              <RadioGroup.ItemText>
                <span className={css({ display: 'block', fontWeight: 'semibold' })}>{option.label}</span>
                {option.description && (
                  <span className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted', mt: '1' })}>
                    {option.description}
                  </span>
                )}
              </RadioGroup.ItemText>
              {option.aside}
              <RadioGroup.ItemHiddenInput />
            </RadioGroup.Item>
          ))}
          {error && (
            <p id={errorId} className={radioError} data-field={name}>
              {error}
            </p>
          )}
        </RadioGroup.Root>
      )}
    />
  )
}
