import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { BookStatus } from '~/shared/schemas/book'
import type { StatusFilter } from '../list-model'

// /{id}: the status filter reads Any, Not started, Reading, Finished (the
// status is derived from the reading dates).
export const STATUS_LABEL: Record<BookStatus, MessageDescriptor> = {
  not_started: msg`Not started`,
  reading: msg`Reading`,
  finished: msg`Finished`,
}

export const FILTER_LABEL: Record<StatusFilter, MessageDescriptor> = { any: msg`Any`, ...STATUS_LABEL }
