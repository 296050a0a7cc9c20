import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { KeysPage } from '~/client/features/api-keys/components/keys-page'
import { requireSession } from '~/client/lib/session'
import { accountPage } from '~/client/layouts/page-meta'

// /account/apikeys (developer flag: owner and developer; decision 37).
export const Route = createFileRoute('/_account/account/apikeys/')({
  beforeLoad: ({ location }) => requireSession(location.pathname, 'developer'),
  staticData: accountPage(msg`API keys`, '/account/apikeys'),
  component: KeysPage,
})
