import { queryOptions } from '@tanstack/react-query'
import { getData } from '~/client/lib/http'
import type { DemoData } from '~/shared/responses/demo'

// GET /api/demo: the caller's dashboard figures, typed by the server's answer (the
// shape is documented in src/server/routes/demo.ts; the client imports only its types).
export type { DemoData } from '~/shared/responses/demo'

export const demoQuery = () =>
  queryOptions({
    queryKey: ['demo'],
    queryFn: ({ signal }) => getData<DemoData>('demo', { signal }),
  })
