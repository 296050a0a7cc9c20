import { createFileRoute } from '@tanstack/react-router'
import { ImportPage } from '~/client/features/books/components/import-page'
import { parsePage } from '~/client/ui/onboarding-wizard/page'

// /books/import takes a Goodreads or StoryGraph export CSV. `welcome` is the
// onboarding page it was opened from: its ways out lead back there (decision 38).
export const Route = createFileRoute('/_app/books/import')({
  validateSearch: (search: Record<string, unknown>): { welcome?: number } =>
    search.welcome === undefined ? {} : { welcome: parsePage(search.welcome) },
  component: ImportRoute,
})

function ImportRoute() {
  const { welcome } = Route.useSearch()
  return <ImportPage welcomePage={welcome} />
}
