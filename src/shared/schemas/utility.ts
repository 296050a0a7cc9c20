import * as v from 'valibot'
import { Email, Name } from './common'

// POST /api/utility/mail {email, name, template, message}: the support message
// is required ('Please enter a message'). The form on /help and the server validate with it.
export const SUPPORT_MESSAGE_MAX = 5000

export const SupportMessage = v.pipe(
  v.string('validation.message.required'),
  v.trim(),
  v.nonEmpty('validation.message.required'),
  v.maxLength(SUPPORT_MESSAGE_MAX, 'validation.message.max_length'),
)

export const UtilityMailInput = v.object({
  email: Email,
  name: Name,
  template: v.picklist(['support'], 'validation.template.invalid'),
  message: SupportMessage,
})
export type UtilityMailInput = v.InferOutput<typeof UtilityMailInput>
