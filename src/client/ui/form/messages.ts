import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

// The shared valibot schemas (src/shared/schemas) carry translation ids as messages; these are
// their client texts. Server messages arrive already translated and are shown as they are.
export const validationMessages: Record<string, MessageDescriptor> = {
  'validation.email.required': msg`Please enter your email address`,
  'validation.email.invalid': msg`Please enter a valid email address`,
  'validation.password.required': msg`Please enter a password`,
  'validation.password.min_length': msg`Password must be at least 8 characters`,
  'validation.password.max_length': msg`Password must be at most 200 characters`,
  'validation.password.special': msg`Password must contain at least one special character`,
  'validation.password.mismatch': msg`Passwords do not match`,
  'validation.name.required': msg`Please enter your name`,
  'validation.name.max_length': msg`Name must be at most 100 characters`,
  'validation.slug.invalid': msg`URLs can only contain letters and numbers`,
  'validation.locale.invalid': msg`Please choose English or Spanish`,
  'validation.token.required': msg`This link is missing its token`,
  'validation.token.invalid': msg`This link is invalid`,
  'validation.otp.required': msg`Please enter the code`,
  'validation.otp.invalid': msg`The code must be 6 digits`,
  'validation.plan.required': msg`Please choose a plan`,
  'validation.invalid': msg`This value is invalid`,
  // Book fields (src/shared/schemas/book.ts), worded as the server's catalog words them.
  'validation.book.title.required': msg`Please enter a title`,
  'validation.book.title.max_length': msg`Title must be at most 300 characters`,
  'validation.book.author.max_length': msg`Author must be at most 200 characters`,
  'validation.book.review.max_length': msg`Review must be at most 10000 characters`,
  'validation.book.rating.invalid': msg`Rating must be a whole number from 1 to 5`,
  'validation.book.date.invalid': msg`Please choose a real date`,
  'validation.book.image_url.invalid': msg`The image must be an http or https URL`,
  'validation.book.link.invalid': msg`Please enter a valid link`,
  'validation.book.link.unsupported': msg`That link is not a book page we can read (try an Amazon product link)`,
  'validation.book.link.no_title': msg`That link does not name the book; please type the title`,
  // spec §5: the invalid message per field type is global.form.{type}.error.invalid.
  'global.form.url.error.invalid': msg({ id: 'global.form.url.error.invalid', message: 'Please enter a valid URL' }),
}

/** A catalog id from a schema, or an already translated server message. */
export function messageDescriptor(message: string | undefined): MessageDescriptor | string | undefined {
  if (!message) return undefined
  if (message in validationMessages) return validationMessages[message]
  // valibot's own defaults ("Invalid type: …") are English-only: show a translated generic text.
  if (message.startsWith('Invalid ')) return validationMessages['validation.invalid']
  return message
}
