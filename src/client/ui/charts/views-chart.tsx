import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { AxisBottom } from '@visx/axis'
import { Group } from '@visx/group'
import { scaleLinear, scaleUtc } from '@visx/scale'
import { AreaClosed, LinePath } from '@visx/shape'
import { ChartFrame } from './chart-frame'
import { CountAxis } from './count-axis'
import { useChartEntrance } from './motion'
import { axisLabelProps, chartColors } from './theme'

const HEIGHT = 220
// Room on the right for today's centred date label.
const MARGIN = { top: 12, right: 28, bottom: 28, left: 32 }

export interface DayCount {
  /** YYYY-MM-DD (UTC) */
  day: string
  count: number
}

/** Public page views per day over the last 30 days (GET /api/demo `views_per_day`). */
export function ViewsChart({ data }: { data: DayCount[] }) {
  const { t, i18n } = useLingui()
  const { entered, transition } = useChartEntrance()
  const dayFormat = new Intl.DateTimeFormat(i18n.locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })
  const longFormat = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' })
  const points = data.map((d) => ({ date: new Date(`${d.day}T00:00:00Z`), count: d.count }))
  const total = data.reduce((sum, d) => sum + d.count, 0)
  const max = Math.max(1, ...data.map((d) => d.count))
  const summary =
    total === 0
      ? t`No views in the last 30 days.`
      : plural(total, {
          one: `# view in the last 30 days.`,
          other: `# views in the last 30 days; at most ${max} in one day.`,
        })

  return (
    <ChartFrame
      title={t`Views of your public list`}
      summary={summary}
      height={HEIGHT}
      columns={[t`Day`, t`Views`]}
      rows={points.map((p) => [longFormat.format(p.date), p.count])}
    >
      {(width) => {
        const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right)
        const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom
        const first = points[0]?.date ?? new Date()
        const last = points.at(-1)?.date ?? new Date()
        const x = scaleUtc<number>({ domain: [first, last], range: [0, innerWidth] })
        const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true })
        const xOf = (p: { date: Date }) => x(p.date) ?? 0
        const yOf = (p: { count: number }) => y(p.count) ?? 0
        // A tick a week (fewer on a phone), ending on today.
        const step = innerWidth < 420 ? 10 : 7
        const ticks = points.filter((_, i) => (points.length - 1 - i) % step === 0).map((p) => p.date)
        return (
          <Group left={MARGIN.left} top={MARGIN.top}>
            {y.ticks(Math.min(4, max)).map((v) => (
              <line key={v} x1={0} x2={innerWidth} y1={y(v)} y2={y(v)} stroke={chartColors.grid} strokeDasharray="2 3" />
            ))}
            <AreaClosed
              data={points}
              x={xOf}
              y={yOf}
              yScale={y}
              fill={chartColors.area}
              style={{ opacity: entered ? 1 : 0, transition: transition && `opacity ${transition}` }}
            />
            {/* pathLength 1: the dash offset draws the line from left to right. */}
            <LinePath
              data={points}
              x={xOf}
              y={yOf}
              stroke={chartColors.line}
              strokeWidth={2}
              pathLength={1}
              strokeDasharray={1}
              style={{ strokeDashoffset: entered ? 0 : 1, transition: transition && `stroke-dashoffset ${transition}` }}
            />
            <CountAxis scale={y} max={max} />
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={ticks}
              tickFormat={(d) => dayFormat.format(d as Date)}
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
