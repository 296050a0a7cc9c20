import { QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiRequestError, handleError, SignedOutError } from './http'

// Online-only reads are cached here; a failed read goes to the central
// handler (the data loader calls the global handler and its data is null). A read that
// lib/http did not send for want of a session has nothing to tell: it happens when a page still
// mounted during sign-out asks again, and the reader is on the way to /signin.
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      // A query with `meta: { showsError: true }` is one whose page shows the server's answer
      // itself (an invite link: used, withdrawn, expired); a toast would repeat it. No answer
      // (offline) still goes to the handler.
      if (query.meta?.['showsError'] === true && error instanceof ApiRequestError) return
      if (!(error instanceof SignedOutError)) void handleError(error)
    },
  }),
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
  },
})
