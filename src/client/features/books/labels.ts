import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SyncState } from '~/client/db'
import type { DataTable } from '~/client/ui/data-table'
import type { BookStatus } from '~/shared/schemas/book'

// decisions §6: the status is derived (finished if finished_at, else reading if started_at).
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

/** The status filter of /books (spec §2 public page wording: Any, Not started, Reading, Finished). */
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
