import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CustomUrlPage } from '~/client/features/custom-url/custom-url-page'
import { accountPage } from '~/client/layouts/page-meta'

// /account/url (user): the public link and the slug change form, in the account layout.
export const Route = createFileRoute('/_account/account/url')({
  staticData: accountPage(msg`Custom URL`, '/account/url'),
  component: CustomUrlPage,
})
