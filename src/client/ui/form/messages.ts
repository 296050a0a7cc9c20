import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { get, useFormContext } from 'react-hook-form'
import { splitValues, withValues } from '~/shared/schemas/message-values'

// The shared valibot schemas (src/shared/schemas) carry translation ids as messages; these are
// their client texts. Server messages arrive already translated and are shown as they are.
export const validationMessages: Record<string, MessageDescriptor> = {
  'validation.email.required': msg`Please enter your email address`,
  'validation.email.invalid': msg`Please enter a valid email address`,
  'validation.invite.email_invalid': msg`{email} is not a valid email address`,
  'validation.password.required': msg`Please enter a password`,
  'validation.password.min_length': msg`Password must be at least 8 characters`,
  'validation.password.max_length': msg`Password must be at most 200 characters`,
  'validation.password.special': msg`Password must contain at least one special character`,
  'validation.password.mismatch': msg`Passwords do not match`,
  'validation.password.old_required': msg`Please enter your current password`,
  'validation.name.required': msg`Please enter your name`,
  'validation.name.first_required': msg`Please enter your first name`,
  'validation.name.max_length': msg`Name must be at most 100 characters`,
  // decisions §9: 3–40 letters, digits, `_` and `-`, starting and ending with a letter or digit.
  'validation.slug.invalid': msg`URLs can only contain letters, digits, hyphens and underscores (3 to 40), starting and ending with a letter or digit`,
  'validation.slug.reserved': msg`That URL is reserved: please choose another`,
  // The live check's refusal, worded as the server's url.taken.
  'validation.slug.taken': msg`That URL is already taken`,
  'validation.locale.invalid': msg`Please choose English or Spanish`,
  'validation.token.required': msg`This link is missing its token`,
  'validation.token.invalid': msg`This link is invalid`,
  'validation.otp.required': msg`Please enter the code`,
  'validation.otp.invalid': msg`The code must be 6 digits`,
  'validation.backup_code.invalid': msg`Enter the backup code as it was shown: letters, digits and dashes`,
  'validation.plan.required': msg`Please choose a plan`,
  // Worded as the server's (src/server/i18n.ts): the profile picture is an http(s) address.
  'validation.avatar.invalid': msg`The picture must be an http or https image address`,
  // The avatar upload (issue 16 item 6), worded as the server's refusals of the same file.
  'validation.avatar.not_image': msg`The picture must be a JPEG, PNG, WebP or GIF image`,
  'validation.avatar.too_large': msg`The picture must be at most {max} MB`,
  'validation.avatar.one_file': msg`Please choose only one picture`,
  'validation.invalid': msg`This value is invalid`,
  // API keys (src/shared/schemas/key.ts; spec §5 scope rule), worded as the server's catalog.
  'validation.key.name.required': msg`Please provide a descriptive name for your key`,
  'validation.key.name.max_length': msg`The name can be at most 100 characters`,
  'validation.key.scope.required': msg`Please select at least one scope`,
  'validation.key.scope.invalid': msg`That scope does not exist`,
  // Book fields (src/shared/schemas/book.ts), worded as the server's catalog words them.
  'validation.book.title.required': msg`Please enter a title`,
  'validation.book.title.max_length': msg`Title must be at most 300 characters`,
  'validation.book.author.max_length': msg`Author must be at most 200 characters`,
  'validation.book.review.max_length': msg`Review must be at most 10000 characters`,
  'validation.book.rating.invalid': msg`Rating must be a whole number from 1 to 5`,
  'validation.book.date.invalid': msg`Please choose a real date`,
  'validation.book.dates.order': msg`The finished date cannot be before the started date`,
  'validation.book.image_url.invalid': msg`The image must be an http or https URL`,
  'validation.book.link.invalid': msg`Please enter a valid link`,
  'validation.book.link.unsupported': msg`That link is not a book page we can read (try an Amazon product link)`,
  'validation.book.link.no_title': msg`That link does not name the book; please type the title`,
  // Reading goals (src/shared/schemas/goal.ts).
  'validation.goal.books.invalid': msg`The goal must be a whole number of books from 1 to 1000`,
  'validation.goal.year.invalid': msg`The year must be a whole number from 1900 to 2100`,
  // spec §5: the invalid message per field type is global.form.{type}.error.invalid.
  'global.form.url.error.invalid': msg({ id: 'global.form.url.error.invalid', message: 'Please enter a valid URL' }),
  // spec §5 default messages of any field (values: {min}, {max}); see withValues().
  'global.form.input.error.required': msg({ id: 'global.form.input.error.required', message: 'This field is required' }),
  'global.form.input.error.min': msg({ id: 'global.form.input.error.min', message: 'Please enter {min} or more' }),
  'global.form.input.error.max': msg({ id: 'global.form.input.error.max', message: 'Please enter {max} or less' }),
  'global.form.input.error.min_max': msg({ id: 'global.form.input.error.min_max', message: 'Please enter a value from {min} to {max}' }),
  'global.form.input.error.min_length': msg({ id: 'global.form.input.error.min_length', message: 'Please enter at least {min} characters' }),
  'global.form.input.error.max_length': msg({ id: 'global.form.input.error.max_length', message: 'Please enter at most {max} characters' }),
  'global.form.number.error.invalid': msg({ id: 'global.form.number.error.invalid', message: 'Please enter a valid number' }),
  'global.form.phone.error.invalid': msg({ id: 'global.form.phone.error.invalid', message: 'Please enter a valid phone number' }),
  'global.form.otp.error.invalid': msg({ id: 'global.form.otp.error.invalid', message: 'Please enter the 6-digit code' }),
  'global.form.slug.error.invalid': msg({
    id: 'global.form.slug.error.invalid',
    message: 'URLs can only contain letters, digits, hyphens and underscores (3 to 40), starting and ending with a letter or digit',
  }),
  'global.form.select.error.invalid': msg({ id: 'global.form.select.error.invalid', message: 'Please choose one of the options' }),
  'global.form.switch.error.invalid': msg({ id: 'global.form.switch.error.invalid', message: 'Please turn this on to continue' }),
  'global.form.email.error.invalid': msg({ id: 'global.form.email.error.invalid', message: 'Please enter a valid email address' }),
  'global.form.creditcard.error.invalid': msg({ id: 'global.form.creditcard.error.invalid', message: 'Please enter a valid card number' }),
  'global.form.creditcard.error.expiry': msg({ id: 'global.form.creditcard.error.expiry', message: 'Please enter a valid expiry date in the future' }),
  'global.form.creditcard.error.cvc': msg({ id: 'global.form.creditcard.error.cvc', message: 'Please enter the 3 or 4 digit security code' }),
  'global.form.creditcard.error.required': msg({ id: 'global.form.creditcard.error.required', message: 'Please enter your card details' }),
  // spec §5 support message: required.
  'validation.message.required': msg`Please enter a message`,
  'validation.message.max_length': msg`Message must be at most 5000 characters`,
}

// A message id with values travels through valibot as one string: `id|{"min":3}`.
// spec §5 min, max, min_length, max_length: messages that carry values (shared with the server).
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
