import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { MonthsChart, type MonthCount } from '~/client/ui/charts/months-chart'

/**
 * Books finished per month of one year: the dashboard's months chart (visx, with its table
 * view), in its own lazily loaded chunk like the dashboard's charts.
 */
export default function FinishedChart({ year, data }: { year: number; data: MonthCount[] }) {
  const { t, i18n } = useLingui()
  const long = new Intl.DateTimeFormat(i18n.locale, { month: 'long', timeZone: 'UTC' })
  const total = data.reduce((sum, m) => sum + m.count, 0)
  const busiest = data.reduce((best, m) => (m.count > best.count ? m : best), data[0]!)
  const month = long.format(new Date(`${busiest.month}-01T00:00:00Z`))
  const most = busiest.count
  const summary =
    total === 0
      ? t`No books finished in ${year}.`
      : plural(total, {
          one: `# book finished in ${year}, in ${month}.`,
          other: `# books finished in ${year}; the most in ${month} (${most}).`,
        })
  return (
    <MonthsChart data={data} copy={{ title: t`Books finished per month`, summary, valueLabel: t`Books finished` }} />
  )
}
