import { Progress as ArkProgress } from '@ark-ui/react/progress'
import { useId, type ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { progressRecipe } from './progress.recipe'

/** The progress bar maximum is 100. */
export const PROGRESS_MAX = 100

/** Clamps into 0–100; anything that is not a finite number counts as 0. */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return 0
  return Math.min(PROGRESS_MAX, Math.max(0, value))
}

export interface RootProps {
  value: number
  /** Visible label; it names the progressbar for assistive technology. */
  label: ReactNode
  /** Show the percentage beside the label (default true). */
  showValue?: boolean
  className?: string
}

export function Root({ value, label, showValue = true, className }: RootProps) {
  const styles = progressRecipe()
  const labelId = useId()
  return (
    <ArkProgress.Root
      ids={{ label: labelId }}
      value={clampProgress(value)}
      min={0}
      max={PROGRESS_MAX}
      className={cx(styles.root, className)}
    >
      <ArkProgress.Label className={styles.label}>{label}</ArkProgress.Label>
      {showValue && <ArkProgress.ValueText className={styles.valueText} />}
      {/* Zag names the bar by its percentage only; point it at the visible label instead. */}
      <ArkProgress.Track className={styles.track} aria-labelledby={labelId}>
        <ArkProgress.Range className={styles.range} />
      </ArkProgress.Track>
    </ArkProgress.Root>
  )
}
