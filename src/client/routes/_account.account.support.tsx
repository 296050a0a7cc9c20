import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { readUser } from '~/client/db'
import { SupportPage } from '~/client/features/support/components/support-page'

// The support screen, for masters only (`npm run master -- <email>`). Anyone else
// finds no such page; the API refuses them too (403).
export const Route = createFileRoute('/_account/account/support')({
  beforeLoad: async () => {
    const user = await readUser()
    if (!user?.master || user.impersonating) throw redirect({ to: '/404', replace: true })
  },
  staticData: {
    title: msg`Support`,
    crumbs: [
      { name: msg`Account`, url: '/account' },
      { name: msg`Support`, url: '/account/support' },
    ],
  },
  component: SupportPage,
})
