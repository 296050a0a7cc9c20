import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/client/features/account/account-page'

export const Route = createFileRoute('/_account/account/')({
  staticData: { title: msg`Account`, crumbs: [{ name: msg`Account`, url: '/account' }] },
  component: AccountPage,
})
