import type { Locale } from '~/shared/schemas/common'
import type { Deps } from '../context'
import type { users } from '../db/schema'
import { translate } from '../messages'
import { log } from '../lib/log'
import { renderMail } from './mail'

// decisions: step-up. Each security change (and a password change) mails the user a notice in
// their language, always: no notification setting turns it off, since its reader may be the one
// person who did not make the change. An email change is told to the old address by its revert
// mail (services/email-change.ts) and a new passkey by services/passkey-notice.ts.

export type SecurityChange =
  | 'password_set'
  | 'password_changed'
  | '2fa_enabled'
  | '2fa_disabled'
  | 'api_key_created'
  | 'account_closed'
  | 'account_left'

/** Where the notice's button leads: the screen that shows (or undoes) the change. */
const LINK: Record<SecurityChange, string> = {
  password_set: '/account/password',
  password_changed: '/account/password',
  '2fa_enabled': '/account/2fa',
  '2fa_disabled': '/account/2fa',
  api_key_created: '/account/apikeys',
  account_closed: '/signin',
  account_left: '/signin',
}

type Recipient = Pick<typeof users.$inferSelect, 'email' | 'name' | 'locale'>

/**
 * Mails the notice after the answer (a slow mail server never slows the change); a failure is
 * logged. `params`: `key` (the API key's name), `account` (the account's name).
 */
export function mailSecurityNotice(
  deps: Deps,
  user: Recipient,
  change: SecurityChange,
  params: { key?: string; account?: string } = {},
) {
  const to = { email: user.email, name: user.name, locale: user.locale as Locale }
  deps.background.run(`security_notice_${change}`, async () => {
    const what = translate(to.locale, `mail.security.change.${change}`, { key: params.key ?? '', account: params.account ?? '' })
    try {
      await deps.mailer.send(
        renderMail('security', to.locale, { to: to.email, name: to.name, change: what, link: `${deps.appUrl}${LINK[change]}` }),
      )
    } catch (err) {
      log.error(`mail (security ${change}) to ${to.email} failed:`, err instanceof Error ? err.message : err)
    }
  })
}
