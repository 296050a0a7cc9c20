import { createFileRoute } from '@tanstack/react-router'
import { PlansPage } from '~/client/features/billing/plans-page'

// /plans (user): plan cards, in the app layout.
export const Route = createFileRoute('/_app/plans')({ component: PlansPage })
