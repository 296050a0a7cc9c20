import { Trans } from '@lingui/react/macro'
import { ParentSize } from '@visx/responsive'
import { useId, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { panelRecipe } from '~/client/ui/panel'
import { headingRecipe, textRecipe } from '~/client/ui/text'

const styles = {
  title: headingRecipe({ size: 'md' }),
  summary: textRecipe({ tone: 'muted', size: 'sm' }),
  plot: css({ position: 'relative', w: 'full' }),
  details: css({ fontSize: 'sm' }),
  toggle: css({ cursor: 'pointer', color: 'accent', fontWeight: 'medium', borderRadius: 'sm', w: 'fit-content' }),
  table: css({
    mt: '2',
    w: 'full',
    borderCollapse: 'collapse',
    '& th, & td': { textAlign: 'start', py: '1', px: '2', borderBottomWidth: '1px', borderColor: 'border' },
    '& td:last-child, & th:last-child': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
    '& thead th': { color: 'fg.muted', fontWeight: 'medium' },
    '& tbody th': { fontWeight: 'normal' },
  }),
}

export interface ChartFrameProps {
  title: string
  /** One sentence for the svg's <desc> and under the title: what the chart shows, in figures. */
  summary: string
  height: number
  /** The data table alternative: column headers and rows of [label, value]. */
  columns: [string, string]
  rows: [string, number | string][]
  /** Draws the chart's content for the measured width (the svg itself is the frame's). */
  children: (width: number) => ReactNode
  /** A colour key under the chart, when its colours carry meaning. */
  legend?: ReactNode
  className?: string
}

/**
 * One dashboard chart: a titled figure whose <svg role="img"> carries a <title> and <desc>, sized
 * to its container (visx ParentSize), and a toggleable data table with the same figures for
 * readers who cannot see the chart.
 */
export function ChartFrame({ title, summary, height, columns, rows, children, legend, className }: ChartFrameProps) {
  const id = useId()
  const titleId = `${id}-title`
  const descId = `${id}-desc`
  return (
    <figure className={cx(panelRecipe(), className)}>
      <figcaption>
        <h3 className={styles.title}>{title}</h3>
        <p className={styles.summary}>{summary}</p>
      </figcaption>
      <div className={styles.plot} style={{ height }}>
        <ParentSize debounceTime={50}>
          {({ width }) =>
            width > 0 ? (
              <svg role="img" aria-labelledby={`${titleId} ${descId}`} width={width} height={height}>
                <title id={titleId}>{title}</title>
                <desc id={descId}>{summary}</desc>
                {children(width)}
              </svg>
            ) : null
          }
        </ParentSize>
      </div>
      {legend}
      <details className={styles.details}>
        <summary className={styles.toggle}>
          <Trans>Show the data as a table</Trans>
        </summary>
        <table className={styles.table}>
          <caption className={css({ srOnly: true })}>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
