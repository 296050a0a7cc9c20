import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { readUser } from '~/client/db'
import { SupportPage } from '~/client/features/support/components/support-page'
import { accountPage } from '~/client/layouts/page-meta'

// The support screen, for masters only (`npm run master -- <email>`). Anyone else
// finds no such page; the API refuses them too (403).
export const Route = createFileRoute('/_account/account/support')({
  beforeLoad: async () => {
    const user = await readUser()
    if (!user?.master || user.impersonating) throw redirect({ to: '/404', replace: true })
  },
  staticData: accountPage(msg`Support`, '/account/support'),
  component: SupportPage,
})
