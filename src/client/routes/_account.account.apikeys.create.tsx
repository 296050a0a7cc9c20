import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CreateKeyPage } from '~/client/features/api-keys/components/create-key-page'
import { requireSession } from '~/client/lib/session'
import { accountPage } from '~/client/layouts/page-meta'

// /account/apikeys/create (developer).
export const Route = createFileRoute('/_account/account/apikeys/create')({
  beforeLoad: ({ location }) => requireSession(location.pathname, 'developer'),
  staticData: accountPage(msg`New API key`, '/account/apikeys/create', [
    { name: msg`API keys`, url: '/account/apikeys' },
  ]),
  component: CreateKeyPage,
})
