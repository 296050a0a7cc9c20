import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { NotificationsPage } from '~/client/features/account/notifications-page'

// /account/notifications (user): which notice emails are sent, in the account layout.
export const Route = createFileRoute('/_account/account/notifications')({
  staticData: {
    title: msg`Notifications`,
    crumbs: [
      { name: msg`Account`, url: '/account' },
      { name: msg`Notifications`, url: '/account/notifications' },
    ],
  },
  component: NotificationsPage,
})
