import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ReferencePage } from '~/client/features/api-keys/reference/reference-page'
import { requireSession } from '~/client/lib/session'

// The API reference, linked from /account/apikeys (developer, like its siblings).
export const Route = createFileRoute('/_account/account/apikeys/docs')({
  beforeLoad: ({ location }) => requireSession(location.pathname, 'developer'),
  staticData: {
    title: msg`API reference`,
    crumbs: [
      { name: msg`Account`, url: '/account' },
      { name: msg`API keys`, url: '/account/apikeys' },
      { name: msg`API reference`, url: '/account/apikeys/docs' },
    ],
  },
  component: ReferencePage,
})
