import { AxisLeft } from '@visx/axis'
import type { ComponentProps } from 'react'
import { axisLabelProps, chartColors } from './theme'

/** The left axis of a chart of counts: at most four whole-number ticks, in the charts' colours. */
export function CountAxis({
  scale,
  max,
  hideZero,
}: {
  scale: ComponentProps<typeof AxisLeft>['scale']
  max: number
  hideZero?: boolean
}) {
  return (
    <AxisLeft
      scale={scale}
      numTicks={Math.min(4, max)}
      tickFormat={(v) => String(v)}
      stroke={chartColors.axis}
      tickStroke={chartColors.axis}
      tickLabelProps={() => ({ ...axisLabelProps, textAnchor: 'end', dx: -4, dy: 3 })}
      hideZero={hideZero}
    />
  )
}
