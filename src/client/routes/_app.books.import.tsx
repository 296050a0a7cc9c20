import { createFileRoute } from '@tanstack/react-router'
import { ImportPage } from '~/client/features/books/components/import-page'

// decisions §14: /books/import takes a Goodreads or StoryGraph export CSV.
export const Route = createFileRoute('/_app/books/import')({
  component: ImportPage,
})
