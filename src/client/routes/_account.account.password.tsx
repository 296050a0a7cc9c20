import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PasswordPage } from '~/client/features/account/password-page'

// /account/password (user): create or change the password, in the account layout.
export const Route = createFileRoute('/_account/account/password')({
  staticData: {
    title: msg`Password`,
    crumbs: [
      { name: msg`Account`, url: '/account' },
      { name: msg`Password`, url: '/account/password' },
    ],
  },
  component: PasswordPage,
})
