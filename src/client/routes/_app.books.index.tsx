import { createFileRoute } from '@tanstack/react-router'
import { BookListPage } from '~/client/features/books/components/book-list-page'
import { searchText } from '~/client/lib/search'
import type { BookStatus } from '~/shared/schemas/book'

const STATUSES: BookStatus[] = ['not_started', 'reading', 'finished']

// spec §2 /books (user): the list with add, edit and delete. The search box and the status
// filter live in the URL, so coming back from a book keeps them.
export const Route = createFileRoute('/_app/books/')({
  validateSearch: (search: Record<string, unknown>): { q?: string; status?: BookStatus } => {
    const status = searchText(search, 'status') as BookStatus | undefined
    return { q: searchText(search, 'q'), status: status && STATUSES.includes(status) ? status : undefined }
  },
  component: function Books() {
    const { q, status } = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <BookListPage
        query={q ?? ''}
        status={status}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
    )
  },
})
