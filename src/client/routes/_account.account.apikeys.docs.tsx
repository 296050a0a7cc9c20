import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ReferencePage } from '~/client/features/api-keys/reference/reference-page'
import { requireSession } from '~/client/lib/session'
import { accountPage } from '~/client/layouts/page-meta'

// The API reference, linked from /account/apikeys (developer, like its siblings).
export const Route = createFileRoute('/_account/account/apikeys/docs')({
  beforeLoad: ({ location }) => requireSession(location.pathname, 'developer'),
  staticData: accountPage(msg`API reference`, '/account/apikeys/docs', [
    { name: msg`API keys`, url: '/account/apikeys' },
  ]),
  component: ReferencePage,
})
