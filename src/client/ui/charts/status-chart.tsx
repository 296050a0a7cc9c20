import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Group } from '@visx/group'
import { Pie } from '@visx/shape'
import { css } from 'styled-system/css'
import type { BookStatus } from '~/shared/schemas/book'
import { ChartFrame } from './chart-frame'
import { useChartEntrance } from './motion'
import { chartColors } from './theme'

export type StatusCounts = Record<BookStatus, number>

const HEIGHT = 220
const ORDER = ['not_started', 'reading', 'finished'] as const

const styles = {
  legend: css({ display: 'flex', flexWrap: 'wrap', gap: '3', fontSize: 'sm', listStyle: 'none', p: 0, m: 0 }),
  key: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' }),
  swatch: css({ w: '3', h: '3', borderRadius: 'sm', flexShrink: 0 }),
}

/** Books by derived status as a donut with the total in the middle, from this device. */
export function StatusChart({ data, labels }: { data: StatusCounts; labels: Record<(typeof ORDER)[number], string> }) {
  const { t } = useLingui()
  const { entered, transition } = useChartEntrance()
  const total = ORDER.reduce((sum, k) => sum + data[k], 0)
  const slices = ORDER.filter((k) => data[k] > 0).map((k) => ({ key: k, count: data[k] }))
  const [notStarted, reading, finished] = [data.not_started, data.reading, data.finished]
  const summary =
    total === 0
      ? t`No books yet.`
      : plural(total, {
          one: `# book: ${notStarted} not started, ${reading} reading, ${finished} finished.`,
          other: `# books: ${notStarted} not started, ${reading} reading, ${finished} finished.`,
        })

  return (
    <ChartFrame
      title={t`Books by status`}
      summary={summary}
      height={HEIGHT}
      columns={[t`Status`, t`Books`]}
      rows={ORDER.map((k) => [labels[k], data[k]])}
      legend={<StatusLegend data={data} labels={labels} />}
    >
      {(width) => {
        const radius = Math.min(width, HEIGHT) / 2 - 4
        return (
          <Group top={HEIGHT / 2} left={width / 2}>
            {total === 0 ? (
              <circle r={radius - radius * 0.3} fill="none" stroke={chartColors.grid} strokeWidth={radius * 0.3} />
            ) : (
              <g
                style={{
                  transform: entered ? 'rotate(0deg) scale(1)' : 'rotate(-90deg) scale(0.6)',
                  opacity: entered ? 1 : 0,
                  transition: transition && `transform ${transition}, opacity ${transition}`,
                }}
              >
                <Pie data={slices} pieValue={(s) => s.count} outerRadius={radius} innerRadius={radius * 0.62} padAngle={0.02} cornerRadius={3}>
                  {(pie) =>
                    pie.arcs.map((arc) => (
                      <path key={arc.data.key} d={pie.path(arc) ?? ''} fill={chartColors[arc.data.key]} stroke={chartColors.surface} strokeWidth={1} />
                    ))
                  }
                </Pie>
              </g>
            )}
            <text textAnchor="middle" dy="0.1em" fontSize={28} fontWeight={600} fill={chartColors.text}>
              {total}
            </text>
            <text textAnchor="middle" dy="1.6em" fontSize={12} fill={chartColors.label}>
              {t`books`}
            </text>
          </Group>
        )
      }}
    </ChartFrame>
  )
}

/** The donut's colour key (shown under it; the chart's figures are also in its data table). */
function StatusLegend({ data, labels }: { data: StatusCounts; labels: Record<(typeof ORDER)[number], string> }) {
  return (
    <ul className={styles.legend}>
      {ORDER.map((k) => (
        <li key={k} className={styles.key}>
          <span aria-hidden className={styles.swatch} style={{ background: chartColors[k] }} />
          {labels[k]} {data[k]}
        </li>
      ))}
    </ul>
  )
}
