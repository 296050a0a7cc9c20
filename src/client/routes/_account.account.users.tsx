import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { UsersPage } from '~/client/features/team/components/users-page'
import { requireSession } from '~/client/lib/session'

// /account/users (admin: master, owner and admin; decision 37).
export const Route = createFileRoute('/_account/account/users')({
  beforeLoad: ({ location }) => requireSession(location.pathname, 'admin'),
  staticData: {
    title: msg`Users`,
    crumbs: [
      { name: msg`Account`, url: '/account' },
      { name: msg`Users`, url: '/account/users' },
    ],
  },
  component: UsersPage,
})
