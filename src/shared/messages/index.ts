import type { MessageDescriptor } from '@lingui/core'
import { apiMessages } from './api'
import { billingMessages } from './billing'
import { mailMessages } from './mail'
import { validationMessages } from './validation'

// The messages the server answers (API errors and confirmations, validation refusals, mails, the
// invoice PDF), each defined once with its catalog id and English text. The server translates them
// per request from the Lingui catalogs; the client shows the validation ones under form fields.
const all = [...apiMessages, ...validationMessages, ...mailMessages, ...billingMessages]

export type MessageKey = (typeof all)[number]['id']

export const serverMessages = Object.fromEntries(all.map((message) => [message.id, message])) as Record<
  MessageKey,
  MessageDescriptor & { id: MessageKey; message: string }
>

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(serverMessages, key)
}
