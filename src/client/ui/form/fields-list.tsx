import type { ReactNode } from 'react'
import * as v from 'valibot'
import { EMAIL_PATTERN, PASSWORD_SPECIAL } from '~/shared/schemas/common'
import { CreditCard, creditCardRequired } from './creditcard'
import { DateField } from './date'
import { CheckboxField, Email, Hidden, Password, Radio, Text, type RadioOption } from './fields'
import { NumberField } from './number'
import { Otp } from './otp'
import { Phone } from './phone'
import { Rating } from './rating'
import { messages, NUMBER_PATTERN, OTP_ALPHANUMERIC, OTP_DIGITS, pattern, PHONE_PATTERN, SLUG_PATTERN } from './rules'
import { SelectField, type SelectOption } from './select'
import { Slug } from './slug'
import { SwitchField } from './switch'
import { Textarea } from './textarea'
import { Url, URL_PATTERN } from './url'

// "One form component driven by a field list": a field is data (type, required, min,
// max, minLength, maxLength, a custom errorMessage, named extra validations); schemaFromFields()
// turns the list into the form's valibot schema and <Form.Fields> renders it.

export type FieldType =
  | 'text' | 'email' | 'password' | 'url' | 'number' | 'phone' | 'slug' | 'textarea' | 'hidden' | 'date'
  | 'select' | 'radio' | 'checkbox' | 'switch' | 'otp' | 'rating' | 'creditcard'

/** A named rule beyond the built-in ones; `message` is a catalog id or a translated text. */
export interface NamedValidation {
  name: string
  check: (value: unknown) => boolean
  message: string
}

export interface FieldSpec {
  name: string
  type: FieldType
  label?: ReactNode
  helperText?: ReactNode
  placeholder?: string
  required?: boolean
  /** Numbers and ratings: the smallest and largest value. */
  min?: number
  max?: number
  minLength?: number
  maxLength?: number
  /** Replaces every default message of this field. */
  errorMessage?: string
  validations?: NamedValidation[]
  /** select and radio. */
  options?: (SelectOption & Partial<Pick<RadioOption, 'description'>>)[]
  /** password: the complex variant needs a special character. */
  complex?: boolean
  /** otp: letters too. */
  alphanumeric?: boolean
  /** otp: called on the sixth character. */
  onComplete?: (code: string) => void
  /** slug: the address the slug completes. */
  prefix?: ReactNode
}

const TYPE_PATTERNS: Partial<Record<FieldType, RegExp>> = {
  email: EMAIL_PATTERN,
  url: URL_PATTERN,
  number: NUMBER_PATTERN,
  phone: PHONE_PATTERN,
  slug: SLUG_PATTERN,
}

function extra(field: FieldSpec) {
  return (field.validations ?? []).map((rule) => v.check<any, string>((value) => rule.check(value), field.errorMessage ?? rule.message))
}

/** The valibot schema of one field. */
export function fieldSchema(field: FieldSpec): v.GenericSchema {
  const m = messages(field.errorMessage)
  const { type } = field
  if (type === 'checkbox' || type === 'switch') {
    return field.required ? v.pipe(v.boolean(), v.literal(true, m.required) as never) : v.pipe(v.boolean(), ...extra(field))
  }
  if (type === 'creditcard') {
    return field.required ? creditCardRequired(field.errorMessage ?? 'global.form.creditcard.error.required') : v.nullable(v.object({}))
  }
  if (type === 'rating') {
    const actions: v.PipeItem<any, any, any>[] = []
    if (field.required) actions.push(v.check((n) => n !== null && n !== undefined, m.required))
    if (field.min !== undefined) actions.push(v.check((n: number | null) => n == null || n >= field.min!, m.min(field.min)))
    if (field.max !== undefined) actions.push(v.check((n: number | null) => n == null || n <= field.max!, m.max(field.max)))
    return v.pipe(v.nullable(v.number()), ...actions, ...extra(field))
  }
  // Everything else is typed text.
  const actions: v.PipeItem<any, any, any>[] = []
  if (field.required) actions.push(v.check((s: string) => s.trim() !== '', m.required))
  if (field.minLength !== undefined) actions.push(v.check((s: string) => s === '' || s.length >= field.minLength!, m.minLength(field.minLength)))
  if (field.maxLength !== undefined) actions.push(v.maxLength(field.maxLength, m.maxLength(field.maxLength)))
  const regex = TYPE_PATTERNS[type]
  if (regex) actions.push(pattern(regex, m.invalid(type === 'slug' ? 'slug' : type)))
  if (type === 'otp') actions.push(pattern(field.alphanumeric ? OTP_ALPHANUMERIC : OTP_DIGITS, m.invalid('otp')))
  if (type === 'password' && field.complex) actions.push(pattern(PASSWORD_SPECIAL, field.errorMessage ?? 'validation.password.special'))
  if (type === 'select' && field.options) {
    const values = new Set(field.options.map((o) => o.value))
    actions.push(v.check((s: string) => s === '' || values.has(s), m.invalid('select')))
  }
  if (type === 'number') {
    if (field.min !== undefined) actions.push(v.check((s: string) => s.trim() === '' || !NUMBER_PATTERN.test(s.trim()) || Number(s) >= field.min!, m.min(field.min)))
    if (field.max !== undefined) actions.push(v.check((s: string) => s.trim() === '' || !NUMBER_PATTERN.test(s.trim()) || Number(s) <= field.max!, m.max(field.max)))
  }
  return v.pipe(v.string(m.required), ...actions, ...extra(field))
}

/** The form's schema for a field list. */
export function schemaFromFields(fields: FieldSpec[]) {
  return v.object(Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])))
}

/** Empty values for a field list (text '', booleans false, ratings and cards null). */
export function defaultsFromFields(fields: FieldSpec[]): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => [
      f.name,
      f.type === 'checkbox' || f.type === 'switch' ? false : f.type === 'rating' || f.type === 'creditcard' ? null : '',
    ]),
  )
}

function FieldFromSpec({ field }: { field: FieldSpec }) {
  const { name, label = '', helperText, required, placeholder } = field
  const common = { name, label, helperText, required }
  switch (field.type) {
    case 'email':
      return <Email {...common} placeholder={placeholder} />
    case 'password':
      return <Password {...common} placeholder={placeholder} />
    case 'url':
      return <Url {...common} placeholder={placeholder} />
    case 'number':
      return <NumberField {...common} placeholder={placeholder} />
    case 'phone':
      return <Phone {...common} placeholder={placeholder} />
    case 'slug':
      return <Slug {...common} placeholder={placeholder} prefix={field.prefix} />
    case 'textarea':
      return <Textarea {...common} placeholder={placeholder} maxLength={field.maxLength} />
    case 'hidden':
      return <Hidden name={name} />
    case 'date':
      return <DateField {...common} />
    case 'select':
      return <SelectField {...common} options={field.options ?? []} placeholder={placeholder} />
    case 'radio':
      return <Radio name={name} label={label} options={(field.options ?? []).map((o) => ({ value: o.value, label: o.label, description: o.description, disabled: o.disabled }))} />
    case 'checkbox':
      return <CheckboxField name={name} label={label} helperText={helperText} />
    case 'switch':
      return <SwitchField name={name} label={label} helperText={helperText} />
    case 'otp':
      return <Otp name={name} label={label} helperText={helperText} alphanumeric={field.alphanumeric} onComplete={field.onComplete} />
    case 'rating':
      return <Rating name={name} label={label} helperText={helperText} />
    case 'creditcard':
      return <CreditCard name={name} label={label} helperText={helperText} />
    default:
      return <Text {...common} placeholder={placeholder} />
  }
}

/** Renders a field list inside <Form.Root schema={schemaFromFields(fields)}>. */
export function Fields({ fields }: { fields: FieldSpec[] }) {
  return (
    <>
      {fields.map((field) => (
        <FieldFromSpec key={field.name} field={field} />
      ))}
    </>
  )
}
