import { createFileRoute } from '@tanstack/react-router'
import { BookPage } from '~/client/features/books/components/book-page'

// /books/{id}: a page about the book with Edit and Delete. A
// missing book goes to /404.
export const Route = createFileRoute('/_app/books/$bookId/')({
  component: function Book() {
    const { bookId } = Route.useParams()
    return <BookPage key={bookId} bookId={bookId} />
  },
})
