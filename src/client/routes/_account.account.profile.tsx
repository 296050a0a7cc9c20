import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ProfilePage } from '~/client/features/account/profile-page'

export const Route = createFileRoute('/_account/account/profile')({
  staticData: {
    title: msg`Profile`,
    crumbs: [
      { name: msg`Account`, url: '/account' },
      { name: msg`Profile`, url: '/account/profile' },
    ],
  },
  component: ProfilePage,
})
