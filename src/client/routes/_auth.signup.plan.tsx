import { createFileRoute } from '@tanstack/react-router'
import { SignupPlanPage } from '~/client/features/billing/signup-plan-page'
import { requireSession } from '~/client/lib/session'

// /signup/plan (owner).
export const Route = createFileRoute('/_auth/signup/plan')({
  beforeLoad: ({ location }) => requireSession(location.pathname, 'owner'),
  component: SignupPlanPage,
})
