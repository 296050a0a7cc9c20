import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { EditKeyPage } from '~/client/features/api-keys/components/edit-key-page'
import { requireSession } from '~/client/lib/session'

// /account/apikeys/edit?id={id} (developer); a missing key goes to /404.
export const Route = createFileRoute('/_account/account/apikeys/edit')({
  validateSearch: (search: Record<string, unknown>): { id?: string } => ({
    id: typeof search.id === 'string' ? search.id : undefined,
  }),
  beforeLoad: ({ location }) => requireSession(location.pathname, 'developer'),
  staticData: {
    title: msg`Edit API key`,
    crumbs: [
      { name: msg`Account`, url: '/account' },
      { name: msg`API keys`, url: '/account/apikeys' },
      { name: msg`Edit API key`, url: '/account/apikeys/edit' },
    ],
  },
  component: function EditKey() {
    const { id = '' } = Route.useSearch()
    return <EditKeyPage key={id} id={id} />
  },
})
