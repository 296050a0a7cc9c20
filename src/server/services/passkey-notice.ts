import type { Deps } from '../context'
import type { users } from '../db/schema'
import { log } from '../lib/log'
import type { Locale } from '~/shared/schemas/common'
import { renderMail } from './mail'

/**
 * A security notice, always sent (no setting turns it off, like the email-change notice): a
 * passkey signs in alone, so its owner hears at once that one was added, with a link to the list
 * where it can be removed. Never throws: the passkey is already added.
 */
export async function mailPasskeyAdded(deps: Deps, user: Pick<typeof users.$inferSelect, 'email' | 'name' | 'locale'>, passkey: string) {
  try {
    await deps.mailer.send(
      renderMail('passkey_added', user.locale as Locale, {
        to: user.email,
        name: user.name,
        passkey,
        link: `${deps.appUrl}/account/2fa`,
      }),
    )
  } catch (err) {
    log.error(`mail (passkey_added) to ${user.email} failed:`, err instanceof Error ? err.message : err)
  }
}
