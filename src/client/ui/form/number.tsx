import type { InputHTMLAttributes, ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import * as Field from '../field'
import { useVisibleField } from './context'
import { useFieldError } from './messages'

export { NUMBER_PATTERN, numberPattern } from './rules'

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type' | 'children'>

export interface TextLikeProps extends InputProps {
  /** The API field name. */
  name: string
  label: ReactNode
  helperText?: ReactNode
  required?: boolean
}

/** A text input framed with its label, helper and error (shared by number, phone, url and slug). */
export function TextLike({ name, label, helperText, required, type = 'text', ...input }: TextLikeProps & { type?: 'text' | 'tel' | 'url' }) {
  useVisibleField(name)
  const { register } = useFormContext()
  const error = useFieldError(name)
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>{label}</Field.Label>
      <Field.Input type={type} {...input} {...register(name)} />
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText data-field={name}>{error}</Field.ErrorText>
    </Field.Root>
  )
}

/**
 * Number: optional minus, digits, optional decimal part (numberPattern in the schema).
 * A text input with the decimal keyboard: type=number would drop what does not parse, so the
 * rule could never say why.
 */
export function NumberField(props: TextLikeProps) {
  return <TextLike inputMode="decimal" autoComplete="off" spellCheck={false} {...props} />
}
