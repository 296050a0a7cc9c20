import { createFileRoute } from '@tanstack/react-router'
import { EditBookPage } from '~/client/features/books/components/edit-book-page'

// spec §2 /books/{id} (user): the book form; spec §8: a missing book goes to /404.
export const Route = createFileRoute('/_app/books/$bookId')({
  component: function EditBook() {
    const { bookId } = Route.useParams()
    return <EditBookPage key={bookId} bookId={bookId} />
  },
})
