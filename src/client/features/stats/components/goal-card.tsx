import { Trans, useLingui } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { Link } from '~/client/ui/link'
import { Progress } from '~/client/ui/progress'
import { StatCard } from '~/client/ui/stat-card'
import { currentYear, useYearStats } from '../use-year-stats'
import { GoalForm } from './goal-form'
import { usePaceText } from './pace-text'

const styles = {
  value: css({ display: 'block', fontSize: { base: 'xl', md: '2xl' }, overflowWrap: 'anywhere' }),
  // The card's footer lays its children out in a row: the goal's bar and form take the whole width.
  body: css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '2', w: 'full', flex: '1 1 100%' }),
}

/**
 * The dashboard's reading goal card (decisions: the reader's year): "N of M books read in YEAR"
 * with a progress bar and the pace, linking to /stats; with no goal for this year, a small form
 * to set one. Computed on the device, so it works offline.
 */
export function GoalCard() {
  const { t } = useLingui()
  const year = currentYear()
  const found = useYearStats(year)
  const data = found === 'arriving' ? undefined : found
  const pace = usePaceText(data?.stats.pace ?? null)
  if (!data) return null
  const { stats, goal } = data
  const read = stats.finished
  const statsLink = (
    <Link to="/stats" subtle>
      <Trans>See your year in books</Trans>
    </Link>
  )
  if (!goal) {
    return (
      <StatCard.Root
        icon="target"
        label={<Trans>Reading goal</Trans>}
        value={<span className={styles.value}>{t`No goal for ${year} yet`}</span>}
        description={statsLink}
      >
        <div className={styles.body} data-testid="goal-card">
          <GoalForm year={year} />
        </div>
      </StatCard.Root>
    )
  }
  return (
    <StatCard.Root
      icon="target"
      label={<Trans>Reading goal</Trans>}
      value={
        <Link to="/stats" className={styles.value} data-testid="goal-progress">
          <Trans>
            {read} of {goal} books read in {year}
          </Trans>
        </Link>
      }
      description={statsLink}
    >
      <div className={styles.body} data-testid="goal-card">
        <Progress.Root value={stats.percent ?? 0} label={pace ?? t`Progress toward your goal`} />
      </div>
    </StatCard.Root>
  )
}
