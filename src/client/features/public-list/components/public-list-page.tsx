import { useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { handleError } from '~/client/lib/http'
import { recordEvent, useSession } from '~/client/lib/session'
import { syncNow } from '~/client/sync'
import { toast } from '~/client/ui/toast'
import { addFromPublicList, type AddOutcome } from '../api/add-book'
import { publicListQuery, type PublicBook } from '../api/public-list'
import { PublicListView } from './public-list-view'

/**
 * Public route /{id} inside the app (in-app navigation to /{slug}, and the offline saved
 * copy): the list from the query cache and the session from Dexie, drawn by PublicListView.
 */
export function PublicListPage({ slug }: { slug: string }) {
  const { t } = useLingui()
  const { data } = useSuspenseQuery(publicListQuery(slug))
  const { token, user } = useSession()
  // The slug was freed since this copy was cached (a background refetch answered 404).
  if (!data) throw notFound()
  // No "Add" on one's own list. From the account ids, not the answer's `viewer`: a saved
  // copy may have been fetched under another session of this device (sw/sw.ts).
  const own = !!token && !!user && user.account_id === data.account.id

  async function add(book: PublicBook): Promise<AddOutcome> {
    try {
      const { message, already } = await addFromPublicList(book.id)
      if (already) {
        toast({ variant: 'info', title: message || t`This book is already on your list`, description: book.title })
        return 'already'
      }
      toast({ variant: 'success', title: message || t`Added to your list`, description: book.title })
      recordEvent('book_added_from_public', { book_id: book.id })
      // The copy reaches this device's list with the next pull.
      void syncNow()
      return 'added'
    } catch (error) {
      await handleError(error)
      return null
    }
  }

  return <PublicListView data={data} signedIn={!!token} own={own} onAdd={add} />
}
