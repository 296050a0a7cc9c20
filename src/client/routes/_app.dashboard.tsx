import { createFileRoute } from '@tanstack/react-router'
import { DashboardPage } from '~/client/features/dashboard/dashboard-page'
import { GoalCard } from '~/client/features/stats/components/goal-card'

// /dashboard (user).
export const Route = createFileRoute('/_app/dashboard')({
  component: function Dashboard() {
    return <DashboardPage goal={<GoalCard />} />
  },
})
