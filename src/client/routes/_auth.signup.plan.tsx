import { createFileRoute } from '@tanstack/react-router'
import { PlanPage } from '~/client/features/auth/components/plan-page'
import { requireSession } from '~/client/lib/session'

// spec §2 /signup/plan (owner).
export const Route = createFileRoute('/_auth/signup/plan')({
  beforeLoad: ({ location }) => requireSession(location.pathname, 'owner'),
  component: PlanPage,
})
