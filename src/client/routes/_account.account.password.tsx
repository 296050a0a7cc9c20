import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PasswordPage } from '~/client/features/account/password-page'
import { accountPage } from '~/client/layouts/page-meta'

// /account/password (user): create or change the password, in the account layout.
export const Route = createFileRoute('/_account/account/password')({
  staticData: accountPage(msg`Password`, '/account/password'),
  component: PasswordPage,
})
