import { createFileRoute } from '@tanstack/react-router'
import { DashboardPage } from '~/client/features/dashboard/dashboard-page'

export const Route = createFileRoute('/_app/dashboard')({ component: DashboardPage })
