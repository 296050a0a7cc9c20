import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ProfilePage } from '~/client/features/account/profile-page'
import { accountPage } from '~/client/layouts/page-meta'

export const Route = createFileRoute('/_account/account/profile')({
  staticData: accountPage(msg`Profile`, '/account/profile'),
  component: ProfilePage,
})
