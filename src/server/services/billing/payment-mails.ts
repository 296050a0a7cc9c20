import { isGoodStanding } from '~/shared/schemas/billing'
import type { Locale } from '~/shared/schemas/common'
import type { Deps } from '../../context'
import { log } from '../../lib/log'
import { renderMail } from '../mail'
import { endedPlanMails } from '../maintenance'
import { accountOwner } from './records'

// A renewal that stops being paid puts the whole account on hold, so the owner is told at once
// in their language, with a link to billing, whatever their notification settings: a declined or
// failed charge mails "Your latest payment failed", one the bank wants confirmed "You need to
// authorize your payment". Both providers report through here (local renewals, Stripe webhooks).

export type PaymentProblem = 'payment_failed' | 'payment_action'

/** What the owner must hear when the subscription moves from `before` to `after`: only a fresh problem. */
export function paymentProblem(before: string | null | undefined, after: string | null | undefined): PaymentProblem | null {
  if (!isGoodStanding(before) || isGoodStanding(after) || after === 'canceled') return null
  return after === 'requires_action' ? 'payment_action' : 'payment_failed'
}

/** What a run of renewals reports for one account. */
export interface RenewalResult {
  accountId: string
  endedPlan: boolean
  problem?: PaymentProblem | null
}

/** Mails each account's owner about their renewal: the paid plan's end, or a payment problem. Never throws. */
export async function renewalMails(deps: Deps, results: RenewalResult[]) {
  await endedPlanMails(deps, results)
  for (const { accountId, problem } of results) {
    if (!problem) continue
    try {
      const owner = await accountOwner(deps.db, accountId)
      if (!owner) continue
      await deps.mailer.send(
        renderMail(problem, owner.user.locale as Locale, {
          to: owner.user.email,
          name: owner.user.name,
          account: owner.accountName,
          link: `${deps.appUrl}/account/billing`,
        }),
      )
    } catch (err) {
      log.error(`${problem} mail for account ${accountId} failed`, err)
    }
  }
}
