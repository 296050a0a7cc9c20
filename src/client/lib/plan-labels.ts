import { useLingui } from '@lingui/react/macro'
import type { Plan } from './plans'

// A plan label is the name plus the currency symbol, price and /interval.
// Free is a special plan, so its name is ours to translate; the others are the server's.

export function usePlanLabels() {
  const { t, i18n } = useLingui()
  /** '$12' for a whole price (a plan label), '$12.00' with `cents` (invoices, seats). */
  const money = (symbol: string, amount: number, cents = false) =>
    `${symbol}${new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: cents || !Number.isInteger(amount) ? 2 : 0, maximumFractionDigits: 2 }).format(amount)}`
  const labels = {
    name: (plan: Pick<Plan, 'id' | 'name'>) => (plan.id === 'free' ? t`Free` : plan.name),
    money,
    /** '$12/month' (per member when the plan charges per seat). */
    price(plan: Pick<Plan, 'price' | 'currency_symbol' | 'interval' | 'per_seat'>) {
      const price = money(plan.currency_symbol, plan.price)
      if (plan.per_seat && plan.interval === 'year') return t`${price}/member/year`
      if (plan.per_seat && plan.interval === 'month') return t`${price}/member/month`
      if (plan.interval === 'year') return t`${price}/year`
      if (plan.interval === 'month') return t`${price}/month`
      return price
    },
    /** 'Book Club $12/month'. */
    label: (plan: Plan) => `${labels.name(plan)} ${labels.price(plan)}`,
    /** A long date in the reader's language (UTC: billing periods are UTC). */
    date: (iso: string) =>
      new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso)),
  }
  return labels
}
