import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UsersPage } from '~/client/features/team/components/users-page'
import { requireSession } from '~/client/lib/session'
import { accountPage } from '~/client/layouts/page-meta'

// /account/users (admin: master, owner and admin; decision 37).
export const Route = createFileRoute('/_account/account/users')({
  beforeLoad: ({ location }) => requireSession(location.pathname, 'admin'),
  staticData: accountPage(msg`Users`, '/account/users'),
  component: UsersPage,
})
