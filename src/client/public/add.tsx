import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PublicBook } from '~/client/features/public-list/api/public-list'
import { addFromPublicList, type AddOutcome } from '~/client/features/public-list/api/add-book'
import { send, toApiError } from '~/client/lib/http'
import { toast } from '~/client/ui/toast'
import { mountToaster } from './toaster-root'

// "Add to my list" on the server-rendered page (POST /api/add/{bookId}), loaded on
// the first click: it is not part of the page's first load. The kit's toasts
// say how it went, as in the app; the book reaches the visitor's list with the app's next sync.
export async function addToMyList(book: PublicBook): Promise<AddOutcome> {
  mountToaster()
  try {
    const { message, already } = await addFromPublicList(book.id)
    if (already) {
      toast({ variant: 'info', title: message || i18n._(msg`This book is already on your list`), description: book.title })
      return 'already'
    }
    toast({ variant: 'success', title: message || i18n._(msg`Added to your list`), description: book.title })
    void send('post', 'event', { name: 'book_added_from_public', metadata: { book_id: book.id } }).catch(() => undefined)
    return 'added'
  } catch (error) {
    const apiError = await toApiError(error)
    toast({ variant: 'error', title: apiError?.body.message || i18n._(msg`Something went wrong`) })
    return null
  }
}
