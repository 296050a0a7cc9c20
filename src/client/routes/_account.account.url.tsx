import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CustomUrlPage } from '~/client/features/custom-url/custom-url-page'

// /account/url (user): the public link and the slug change form, in the account layout.
export const Route = createFileRoute('/_account/account/url')({
  staticData: {
    title: msg`Custom URL`,
    crumbs: [
      { name: msg`Account`, url: '/account' },
      { name: msg`Custom URL`, url: '/account/url' },
    ],
  },
  component: CustomUrlPage,
})
