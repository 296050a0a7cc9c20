import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { EditKeyPage } from '~/client/features/api-keys/components/edit-key-page'
import { requireSession } from '~/client/lib/session'
import { accountPage } from '~/client/layouts/page-meta'

// /account/apikeys/edit?id={id} (developer); a missing key goes to /404.
export const Route = createFileRoute('/_account/account/apikeys/edit')({
  validateSearch: (search: Record<string, unknown>): { id?: string } => ({
    id: typeof search.id === 'string' ? search.id : undefined,
  }),
  beforeLoad: ({ location }) => requireSession(location.pathname, 'developer'),
  staticData: accountPage(msg`Edit API key`, '/account/apikeys/edit', [
    { name: msg`API keys`, url: '/account/apikeys' },
  ]),
  component: function EditKey() {
    const { id = '' } = Route.useSearch()
    return <EditKeyPage key={id} id={id} />
  },
})
