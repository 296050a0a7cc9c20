import { createFileRoute } from '@tanstack/react-router'
import { EditBookPage } from '~/client/features/books/components/edit-book-page'

// Book form for /books/{id}; the book page took /books/{id}, so the
// form lives one step further. A missing book goes to /404.
export const Route = createFileRoute('/_app/books/$bookId/edit')({
  component: function EditBook() {
    const { bookId } = Route.useParams()
    return <EditBookPage key={bookId} bookId={bookId} />
  },
})
