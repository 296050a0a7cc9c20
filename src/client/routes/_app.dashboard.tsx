import { createFileRoute } from '@tanstack/react-router'
import { DashboardPage } from '~/client/features/dashboard/dashboard-page'

// spec §2 /dashboard (user).
export const Route = createFileRoute('/_app/dashboard')({ component: DashboardPage })
