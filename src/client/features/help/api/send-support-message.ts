import { send } from '~/client/lib/http'
import type { UtilityMailInput } from '~/shared/schemas/utility'

/** POST /api/utility/mail {email, name, template: 'support', message}. */
export function sendSupportMessage(from: { email: string; name: string }, message: string) {
  const body: UtilityMailInput = { email: from.email, name: from.name, template: 'support', message }
  return send('post', 'utility/mail', body)
}
