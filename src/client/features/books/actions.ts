import { t } from '@lingui/core/macro'
import type { LocalBook } from '~/client/db'
import { requestPersistentStorage } from '~/client/pwa/storage'
import { db } from '~/client/db'
import { addBook, deleteBook, listBooks } from '~/client/sync'
import { toast } from '~/client/ui/toast'
import type { CreateBookRaw } from '~/shared/schemas/book'
import { EXPORT_FILE_NAME, exportCsv } from './csv/export-csv'

// Book writes go through the sync mutations (Dexie row + outbox entry in one transaction); each
// resolves once the change is stored on this device, which is when the reader is told.

/** Adds a book; after the first one, asks the browser to keep the offline data (no eviction). */
export async function saveNewBook(input: CreateBookRaw): Promise<LocalBook> {
  const book = await addBook(input)
  void requestPersistentStorage().catch(() => {})
  return book
}

/**
 * Every field that re-creates a deleted book (ISBN, ASIN, cover, position,
 * date added and origin too). It gets a new id: the server keeps the old one as a tombstone.
 */
export function restorableFields(b: LocalBook): CreateBookRaw {
  return {
    title: b.title,
    author: b.author,
    rating: b.rating,
    review: b.review,
    started_at: b.started_at,
    finished_at: b.finished_at,
    imageUrl: b.imageUrl,
    isbn: b.isbn,
    asin: b.asin,
    pages: b.pages,
    year: b.year,
    position: b.position,
    added_at: b.added_at,
    source: b.source,
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

/** Export: every book on this device, in "Up next" order, as tbr-books.csv. */
export async function downloadExport() {
  const csv = exportCsv(await listBooks(db, { sort: 'position' }))
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = EXPORT_FILE_NAME
  document.body.append(a)
  a.click()
  a.remove()
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
