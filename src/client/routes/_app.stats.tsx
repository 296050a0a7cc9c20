import { createFileRoute } from '@tanstack/react-router'
import { StatsPage } from '~/client/features/stats/stats-page'
import { isGoalYear } from '~/shared/schemas/goal'

// The reader's year (decisions): /stats?year=YYYY, this year by default.
export const Route = createFileRoute('/_app/stats')({
  validateSearch: (search: Record<string, unknown>): { year?: number } => {
    const year = Number(search.year)
    return isGoalYear(year) ? { year } : {}
  },
  component: function Stats() {
    const { year } = Route.useSearch()
    return <StatsPage key={year} year={year} />
  },
})
