import { createFileRoute } from '@tanstack/react-router'
import { NewBookPage } from '~/client/features/books/components/new-book-page'
import { searchText } from '~/client/lib/search'

// /books/new (user). The manifest's share_target opens it with ?title=…&text=…&url=…
// (GET, so it is a plain navigation the service worker serves offline); ?source=… is ignored.
export const Route = createFileRoute('/_app/books/new')({
  validateSearch: (search: Record<string, unknown>): { title?: string; text?: string; url?: string } => ({
    title: searchText(search, 'title'),
    text: searchText(search, 'text'),
    url: searchText(search, 'url'),
  }),
  component: function NewBook() {
    const share = Route.useSearch()
    return <NewBookPage share={share} />
  },
})
