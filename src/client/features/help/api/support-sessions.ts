import { queryOptions } from '@tanstack/react-query'
import { getData } from '~/client/lib/http'
import type { SupportSessionView } from '~/shared/schemas/two-factor'

/** GET /api/support/sessions: the support sessions opened as the signed-in person, newest first. */
export const supportSessionsQuery = () =>
  queryOptions({
    queryKey: ['support-sessions'],
    queryFn: ({ signal }) => getData<SupportSessionView[]>('support/sessions', { signal }),
  })
