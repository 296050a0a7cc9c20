import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { Pace } from '../year-stats'

/** "2 books ahead of schedule", "1 behind: one more this month gets you back on track"… */
export function usePaceText(pace: Pace | null): string | null {
  const { t } = useLingui()
  if (!pace) return null
  if (pace.reached) return t`Goal reached. Well done!`
  if (pace.ahead > 0) {
    const ahead = pace.ahead
    return plural(ahead, { one: '# book ahead of schedule', other: '# books ahead of schedule' })
  }
  if (pace.ahead === 0) return t`Right on schedule`
  const behind = -pace.ahead
  const needed = pace.neededThisMonth
  const more =
    needed === 1
      ? t`one more this month gets you back on track`
      : plural(needed, {
          one: '# more this month gets you back on track',
          other: '# more this month get you back on track',
        })
  return plural(behind, { one: `# behind: ${more}`, other: `# behind: ${more}` })
}
