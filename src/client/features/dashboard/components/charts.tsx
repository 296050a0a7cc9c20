import { useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { MonthsChart, type MonthCount } from '~/client/ui/charts/months-chart'
import { StatusChart, type StatusCounts } from '~/client/ui/charts/status-chart'
import { ViewsChart, type DayCount } from '~/client/ui/charts/views-chart'

const styles = {
  grid: css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, gap: '4' }),
  wide: css({ gridColumn: { lg: 'span 2' } }),
}

export interface ChartsProps {
  added: MonthCount[]
  status: StatusCounts
  /** Views per day from the server; null when it cannot be reached (the dashboard says why). */
  views: DayCount[] | null
}

/**
 * The dashboard charts: books added per month, books by status and
 * views over time. visx lives only in this lazily loaded chunk, so the dashboard paints first.
 */
export default function Charts({ added, status, views }: ChartsProps) {
  const { t } = useLingui()
  const labels = { not_started: t`Not started`, reading: t`Reading`, finished: t`Finished` }
  return (
    <div className={styles.grid}>
      <MonthsChart data={added} />
      <StatusChart data={status} labels={labels} />
      {views && (
        <div className={styles.wide}>
          <ViewsChart data={views} />
        </div>
      )}
    </div>
  )
}
