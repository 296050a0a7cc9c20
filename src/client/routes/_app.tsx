import { createFileRoute } from '@tanstack/react-router'
import { AppLayout } from '~/client/layouts/app-layout'
import { requireSession } from '~/client/lib/session'

// Every page in the app layout needs a session with the user permission.
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => requireSession(location.pathname, 'user', location.href),
  component: AppLayout,
})
