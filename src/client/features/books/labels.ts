import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SyncState } from '~/client/db'
import type { BookSort } from '~/client/sync'
import type { DataTable } from '~/client/ui/data-table'
import type { BookSource, BookStatus } from '~/shared/schemas/book'

// The status is derived (finished if finished_at, else reading if started_at).
export const STATUS_LABEL: Record<BookStatus, MessageDescriptor> = {
  not_started: msg`Not started`,
  reading: msg`Reading`,
  finished: msg`Finished`,
}

export const STATUS_BADGE: Record<BookStatus, DataTable.BadgeVariant> = {
  not_started: 'neutral',
  reading: 'info',
  finished: 'success',
}

/** The status filter of /books (the public page's wording: Any, Not started, Reading, Finished). */
export const STATUS_FILTERS: { value: BookStatus | 'any'; label: MessageDescriptor }[] = [
  { value: 'any', label: msg`Any` },
  { value: 'not_started', label: STATUS_LABEL.not_started },
  { value: 'reading', label: STATUS_LABEL.reading },
  { value: 'finished', label: STATUS_LABEL.finished },
]

/** Each book's sync state, as the reader reads it (icon + text). */
export const SYNC_LABEL: Record<SyncState, MessageDescriptor> = {
  synced: msg`Synced`,
  pending: msg`Waiting to sync`,
  rejected: msg`Not saved on the server`,
}

/** Where a book came from, on its page. */
export const SOURCE_LABEL: Record<BookSource, MessageDescriptor> = {
  hand: msg`Typed in by hand`,
  link: msg`Added from a retailer link`,
  import: msg`Imported from a Goodreads or StoryGraph file`,
  list: msg`Added from a public list`,
}

/** A YYYY-MM-DD day as the reader's language writes it (the day itself, in no time zone). */
// Days written out, by language and style: a list draws one a row on every change.
const days = new Map<string, string>()

export function formatDay(i18n: I18n, day: string, style: 'long' | 'medium' = 'long'): string {
  const key = `${i18n.locale}|${style}|${day}`
  let text = days.get(key)
  if (text === undefined) {
    // A long session cannot grow it without bound.
    if (days.size > 5000) days.clear()
    text = i18n.date(new Date(`${day}T00:00:00Z`), { dateStyle: style, timeZone: 'UTC' })
    days.set(key, text)
  }
  return text
}

/** The orders of /books; the URL names them (`?sort=`), "up-next" by default. */
export type ListSort = 'up-next' | 'added' | 'title' | 'author' | 'rating'
export const LIST_SORTS: { value: ListSort; label: MessageDescriptor; sort: BookSort }[] = [
  { value: 'up-next', label: msg`Up next`, sort: 'position' },
  { value: 'added', label: msg`Date added`, sort: 'added' },
  { value: 'title', label: msg`Title`, sort: 'title' },
  { value: 'author', label: msg`Author`, sort: 'author' },
  { value: 'rating', label: msg`Rating`, sort: 'rating' },
]
