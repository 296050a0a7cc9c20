import { QueryCache, QueryClient } from '@tanstack/react-query'
import { handleError } from './http'

// Online-only reads (architecture rule 6) are cached here; a failed read goes to the central
// handler (spec §8: the data loader calls the global handler and its data is null).
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      void handleError(error)
    },
  }),
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
  },
})
