import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { TwoFactorPage } from '~/client/features/two-factor/components/two-factor-page'

// spec §2 /account/2fa (user): the state of two-factor authentication and its steps.
export const Route = createFileRoute('/_account/account/2fa')({
  staticData: {
    title: msg`Two-factor authentication`,
    crumbs: [
      { name: msg`Account`, url: '/account' },
      { name: msg`Two-factor authentication`, url: '/account/2fa' },
    ],
  },
  component: TwoFactorPage,
})
