import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { AxisBottom } from '@visx/axis'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar } from '@visx/shape'
import { ChartFrame } from './chart-frame'
import { CountAxis } from './count-axis'
import { useChartEntrance } from './motion'
import { axisLabelProps, chartColors } from './theme'

export interface MonthCount {
  /** YYYY-MM */
  month: string
  count: number
}

const HEIGHT = 220
const MARGIN = { top: 12, right: 12, bottom: 28, left: 32 }

export interface MonthsChartProps {
  data: MonthCount[]
  /** Another reading of the months (e.g. books finished, on /stats): its title, sentence and
   *  table column. Default: books added in the last 12 months. */
  copy?: { title: string; summary: string; valueLabel: string }
}

/** Books per month (by default added in the last 12 UTC months), from the books on this device. */
export function MonthsChart({ data, copy }: MonthsChartProps) {
  const { t, i18n } = useLingui()
  const { entered, transition } = useChartEntrance()
  const short = new Intl.DateTimeFormat(i18n.locale, { month: 'short', timeZone: 'UTC' })
  const long = new Intl.DateTimeFormat(i18n.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  const dateOf = (month: string) => new Date(`${month}-01T00:00:00Z`)
  const total = data.reduce((sum, m) => sum + m.count, 0)
  const busiest = data.reduce((best, m) => (m.count > best.count ? m : best), data[0] ?? { month: '', count: 0 })
  const busiestLabel = busiest.count > 0 ? long.format(dateOf(busiest.month)) : ''
  const most = busiest.count
  const summary = copy
    ? copy.summary
    : total === 0
      ? t`No books added in the last 12 months.`
      : plural(total, {
          one: `# book added in the last 12 months, in ${busiestLabel}.`,
          other: `# books added in the last 12 months; the most in ${busiestLabel} (${most}).`,
        })
  const max = Math.max(1, ...data.map((m) => m.count))
  const title = copy?.title ?? t`Books added per month`

  return (
    <ChartFrame
      title={title}
      summary={summary}
      height={HEIGHT}
      columns={copy ? [t`Month`, copy.valueLabel] : [t`Month`, t`Books added`]}
      rows={data.map((m) => [long.format(dateOf(m.month)), m.count])}
    >
      {(width) => {
        const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right)
        const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom
        const x = scaleBand<string>({ domain: data.map((m) => m.month), range: [0, innerWidth], padding: 0.25 })
        const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true })
        // On a phone every other month is labelled, so the labels never collide.
        const every = innerWidth < 420 ? 2 : 1
        const ticks = data.filter((_, i) => (data.length - 1 - i) % every === 0).map((m) => m.month)
        return (
          <Group left={MARGIN.left} top={MARGIN.top}>
            {y.ticks(Math.min(4, max)).map((v) => (
              <line
                key={v}
                x1={0}
                x2={innerWidth}
                y1={y(v)}
                y2={y(v)}
                stroke={chartColors.grid}
                strokeDasharray="2 3"
              />
            ))}
            {data.map((m) => {
              const barHeight = innerHeight - (y(m.count) ?? innerHeight)
              return (
                <Bar
                  key={m.month}
                  x={x(m.month)}
                  y={innerHeight - barHeight}
                  width={x.bandwidth()}
                  height={barHeight}
                  rx={3}
                  fill={chartColors.bar}
                  style={{
                    transformBox: 'fill-box',
                    transformOrigin: 'bottom',
                    transform: entered ? 'scaleY(1)' : 'scaleY(0)',
                    transition: transition && `transform ${transition}`,
                  }}
                />
              )
            })}
            <CountAxis scale={y} max={max} hideZero={false} />
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={ticks}
              tickFormat={(month) => short.format(dateOf(month))}
              stroke={chartColors.axis}
              tickStroke={chartColors.axis}
              tickLabelProps={() => ({ ...axisLabelProps, textAnchor: 'middle' })}
            />
          </Group>
        )
      }}
    </ChartFrame>
  )
}
