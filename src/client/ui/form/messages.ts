import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { get, useFormContext } from 'react-hook-form'
import { validationMessages as sharedValidation } from '~/shared/messages/validation'
import { splitValues, withValues } from '~/shared/schemas/message-values'

// The shared valibot schemas (src/shared/schemas) carry translation ids as messages; these are
// their client texts. The validation messages the server also answers are defined once, in
// src/shared/messages/validation.ts; the entries below are the client's own, or word a refusal for
// a form rather than for an API caller (the server's texts for those ids stay as they are).
// Server answers arrive already translated and are shown as they are.
export const validationMessages: Record<string, MessageDescriptor> = {
  ...Object.fromEntries(sharedValidation.map((message) => [message.id, message])),
  // The live check's refusal, worded as the server's url.taken.
  'validation.slug.taken': msg`That URL is already taken`,
  'validation.locale.invalid': msg`Please choose English or Spanish`,
  'validation.token.required': msg`This link is missing its token`,
  'validation.token.invalid': msg`This link is invalid`,
  'validation.backup_code.invalid': msg`Enter the backup code as it was shown: letters, digits and dashes`,
  'validation.book.date.invalid': msg`Please choose a real date`,
  // The invalid message per field type is global.form.{type}.error.invalid.
  'global.form.url.error.invalid': msg({ id: 'global.form.url.error.invalid', message: 'Please enter a valid URL' }),
  // Default messages of any field (values: {min}, {max}); see withValues().
  'global.form.input.error.required': msg({
    id: 'global.form.input.error.required',
    message: 'This field is required',
  }),
  'global.form.input.error.min': msg({ id: 'global.form.input.error.min', message: 'Please enter {min} or more' }),
  'global.form.input.error.max': msg({ id: 'global.form.input.error.max', message: 'Please enter {max} or less' }),
  'global.form.input.error.min_max': msg({
    id: 'global.form.input.error.min_max',
    message: 'Please enter a value from {min} to {max}',
  }),
  'global.form.input.error.min_length': msg({
    id: 'global.form.input.error.min_length',
    message: 'Please enter at least {min} characters',
  }),
  'global.form.input.error.max_length': msg({
    id: 'global.form.input.error.max_length',
    message: 'Please enter at most {max} characters',
  }),
  'global.form.number.error.invalid': msg({
    id: 'global.form.number.error.invalid',
    message: 'Please enter a valid number',
  }),
  'global.form.phone.error.invalid': msg({
    id: 'global.form.phone.error.invalid',
    message: 'Please enter a valid phone number',
  }),
  'global.form.otp.error.invalid': msg({
    id: 'global.form.otp.error.invalid',
    message: 'Please enter the 6-digit code',
  }),
  'global.form.slug.error.invalid': msg({
    id: 'global.form.slug.error.invalid',
    message:
      'URLs can only contain letters, digits, hyphens and underscores (3 to 40), starting and ending with a letter or digit',
  }),
  'global.form.select.error.invalid': msg({
    id: 'global.form.select.error.invalid',
    message: 'Please choose one of the options',
  }),
  'global.form.switch.error.invalid': msg({
    id: 'global.form.switch.error.invalid',
    message: 'Please turn this on to continue',
  }),
  'global.form.email.error.invalid': msg({
    id: 'global.form.email.error.invalid',
    message: 'Please enter a valid email address',
  }),
  'global.form.creditcard.error.invalid': msg({
    id: 'global.form.creditcard.error.invalid',
    message: 'Please enter a valid card number',
  }),
  'global.form.creditcard.error.expiry': msg({
    id: 'global.form.creditcard.error.expiry',
    message: 'Please enter a valid expiry date in the future',
  }),
  'global.form.creditcard.error.cvc': msg({
    id: 'global.form.creditcard.error.cvc',
    message: 'Please enter the 3 or 4 digit security code',
  }),
  'global.form.creditcard.error.required': msg({
    id: 'global.form.creditcard.error.required',
    message: 'Please enter your card details',
  }),
  // Support message: required.
}

// A message id with values travels through valibot as one string: `id|{"min":3}`.
// Min, max, min_length, max_length: messages that carry values (shared with the server).
export { withValues }

/** A catalog id from a schema, or an already translated server message. */
export function messageDescriptor(message: string | undefined): MessageDescriptor | string | undefined {
  if (!message) return undefined
  if (message in validationMessages) return validationMessages[message]
  const { id, values } = splitValues(message)
  if (id in validationMessages) return { ...validationMessages[id], values } as MessageDescriptor
  // valibot's own defaults ("Invalid type: …") are English-only: show a translated generic text.
  if (message.startsWith('Invalid ')) return validationMessages['validation.invalid']
  return message
}

/** The translated error of field `name` in the surrounding form (undefined when valid). */
export function useFieldError(name: string): string | undefined {
  const { i18n } = useLingui()
  const { formState } = useFormContext()
  const descriptor = messageDescriptor((get(formState.errors, name) as { message?: string } | undefined)?.message)
  return typeof descriptor === 'string' || descriptor === undefined ? descriptor : i18n._(descriptor)
}
