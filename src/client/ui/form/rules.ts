import * as v from 'valibot'
import { SLUG_PATTERN } from '~/shared/schemas/common'
import { withValues } from './messages'

// Patterns and per-field rules as valibot actions. With a resolver, react-hook-form
// ignores rules given to inputs, so the form's schema is where a field's rules run; each typed
// field exports its rule here so JSX-composed forms and the field list (fields-list.tsx) share it.

/** Number: optional minus, digits, optional decimal part. */
export const NUMBER_PATTERN = /^-?\d+(?:\.\d+)?$/
/** Phone: optional plus, then 7 to 15 digits with optional single spaces. */
export const PHONE_PATTERN = /^\+?\d(?: ?\d){6,14}$/
/** Slug variant of text; the shared pattern (3–40, letters, digits, _ and -). */
export { SLUG_PATTERN }
/** One-time code: exactly 6 characters, digits only by default. */
export const OTP_LENGTH = 6
export const OTP_DIGITS = /^\d{6}$/
export const OTP_ALPHANUMERIC = /^[A-Za-z0-9]{6}$/

const blank = (s: string) => s.trim() === ''

/** A pattern check that lets an empty value through (whether it is required is another rule). */
export function pattern(regex: RegExp, message: string) {
  return v.check<string, string>((s) => blank(s) || regex.test(s.trim()), message)
}

export const numberPattern = (message = 'global.form.number.error.invalid') => pattern(NUMBER_PATTERN, message)
export const phonePattern = (message = 'global.form.phone.error.invalid') => pattern(PHONE_PATTERN, message)
export const slugPattern = (message = 'global.form.slug.error.invalid') => pattern(SLUG_PATTERN, message)
export const otpPattern = (opts: { alphanumeric?: boolean; message?: string } = {}) =>
  pattern(opts.alphanumeric ? OTP_ALPHANUMERIC : OTP_DIGITS, opts.message ?? 'global.form.otp.error.invalid')

/** Luhn checksum of a card number (spaces ignored); 12–19 digits. */
export function luhnValid(number: string) {
  const digits = number.replace(/\s+/g, '')
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** Default messages, or the field's own errorMessage for every rule. */
export const messages = (errorMessage?: string) => ({
  required: errorMessage ?? 'global.form.input.error.required',
  min: (min: number) => errorMessage ?? withValues('global.form.input.error.min', { min }),
  max: (max: number) => errorMessage ?? withValues('global.form.input.error.max', { max }),
  minLength: (min: number) => errorMessage ?? withValues('global.form.input.error.min_length', { min }),
  maxLength: (max: number) => errorMessage ?? withValues('global.form.input.error.max_length', { max }),
  invalid: (type: string) => errorMessage ?? `global.form.${type}.error.invalid`,
})
