import { createFileRoute } from '@tanstack/react-router'
import { BookListPage } from '~/client/features/books/components/book-list-page'
import { readFirstPage } from '~/client/features/books/first-page'
import { searchText } from '~/client/lib/search'
import { LIST_SORTS, type ListSort } from '~/client/features/books/labels'
import type { BookStatus } from '~/shared/schemas/book'

const STATUSES: BookStatus[] = ['not_started', 'reading', 'finished']

// /books (user): the list with add, edit and delete. The search box and the status
// filter live in the URL, so coming back from a book keeps them; so does the order,
// "Up next" unless another is named (decision 35). The typed query reaches the URL once typing
// pauses (use-search-text.ts), so a keystroke never re-renders the route.
export const Route = createFileRoute('/_app/books/')({
  validateSearch: (search: Record<string, unknown>): { q?: string; status?: BookStatus; sort?: ListSort } => {
    const status = searchText(search, 'status') as BookStatus | undefined
    const sort = searchText(search, 'sort') as ListSort | undefined
    return {
      q: searchText(search, 'q'),
      status: status && STATUSES.includes(status) ? status : undefined,
      sort: sort && sort !== 'up-next' && LIST_SORTS.some((s) => s.value === sort) ? sort : undefined,
    }
  },
  // The list's first page, read beside the download of the list's code (first-page.ts). Read
  // each time the page opens, never kept or read ahead: the list follows Dexie live from there,
  // and rows read earlier could show a book that has changed since for a frame. The search's
  // changes to the URL keep the page open and read nothing.
  loader: () => readFirstPage(),
  shouldReload: false,
  gcTime: 0,
  preload: false,
  component: function Books() {
    const { q, status, sort } = Route.useSearch()
    const navigate = Route.useNavigate()
    const firstRows = Route.useLoaderData()
    return (
      <BookListPage
        firstRows={firstRows}
        query={q ?? ''}
        status={status}
        sort={sort ?? 'up-next'}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
        onQueryChange={(next) => void navigate({ search: (prev) => ({ ...prev, q: next }), replace: true })}
      />
    )
  },
})
