import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CreateKeyPage } from '~/client/features/api-keys/components/create-key-page'
import { requireSession } from '~/client/lib/session'

// /account/apikeys/create (developer).
export const Route = createFileRoute('/_account/account/apikeys/create')({
  beforeLoad: ({ location }) => requireSession(location.pathname, 'developer'),
  staticData: {
    title: msg`New API key`,
    crumbs: [
      { name: msg`Account`, url: '/account' },
      { name: msg`API keys`, url: '/account/apikeys' },
      { name: msg`New API key`, url: '/account/apikeys/create' },
    ],
  },
  component: CreateKeyPage,
})
