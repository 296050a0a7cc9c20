import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { BadgeVariant } from '~/client/ui/data-table/model'
import type { BookStatus } from '~/shared/schemas/book'

// The status is derived (finished if finished_at, else reading if started_at).
export const STATUS_LABEL: Record<BookStatus, MessageDescriptor> = {
  not_started: msg`Not started`,
  reading: msg`Reading`,
  finished: msg`Finished`,
}

export const STATUS_BADGE: Record<BookStatus, BadgeVariant> = {
  not_started: 'neutral',
  reading: 'info',
  finished: 'success',
}
