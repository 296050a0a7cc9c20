import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { NotificationsPage } from '~/client/features/account/notifications-page'
import { accountPage } from '~/client/layouts/page-meta'

// /account/notifications (user): which notice emails are sent, in the account layout.
export const Route = createFileRoute('/_account/account/notifications')({
  staticData: accountPage(msg`Notifications`, '/account/notifications'),
  component: NotificationsPage,
})
