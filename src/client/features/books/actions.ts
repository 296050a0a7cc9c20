import { t } from '@lingui/core/macro'
import type { LocalBook } from '~/client/db'
import { requestPersistentStorage } from '~/client/pwa/storage'
import { addBook, deleteBook } from '~/client/sync'
import { toast } from '~/client/ui/toast'
import type { CreateBookRaw } from '~/shared/schemas/book'

// Book writes go through the sync mutations (Dexie row + outbox entry in one transaction); each
// resolves once the change is stored on this device, which is when the reader is told.

/** Adds a book; after the first one, asks the browser to keep the offline data (no eviction). */
export async function saveNewBook(input: CreateBookRaw): Promise<LocalBook> {
  const book = await addBook(input)
  void requestPersistentStorage().catch(() => {})
  return book
}

/** The fields that re-create a deleted book (a new id: the server keeps the old one as a tombstone). */
export function restorableFields(b: LocalBook): CreateBookRaw {
  return {
    title: b.title,
    author: b.author,
    rating: b.rating,
    review: b.review,
    started_at: b.started_at,
    finished_at: b.finished_at,
    imageUrl: b.imageUrl,
  }
}

/** Deletes a book and offers Undo in the toast, which adds it back through the outbox. */
export async function deleteBookWithUndo(book: LocalBook) {
  await deleteBook(book.id)
  const title = book.title
  const fields = restorableFields(book)
  const shown = toast({
    variant: 'default',
    title: t`Deleted “${title}”`,
    duration: 8000,
    action: {
      label: t`Undo`,
      altText: t`Undo: add “${title}” back to your list`,
      onClick: () => {
        shown.dismiss()
        void addBook(fields).then(
          () => toast({ variant: 'success', title: t`“${title}” is back on your list` }),
          () => toast({ variant: 'error', title: t`Could not restore “${title}”` }),
        )
      },
    },
  })
}
