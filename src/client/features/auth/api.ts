import { queryOptions } from '@tanstack/react-query'
import { getData, send } from '~/client/lib/http'
import type { SocialProvider } from './components/social-buttons-view'

// The auth feature's calls; the one-time-token ones are in one-time.ts.
export { verifyEmail, verifyMagicLink, revertEmail, exchangeSocialToken } from './one-time'

/** POST /api/user/verify/request: mails a new verification link. */
export const requestVerification = () => send('post', 'user/verify/request')

/** GET /api/auth/social: the configured social sign-in providers (one button each). */
export const socialProvidersQuery = queryOptions({
  queryKey: ['social-providers'],
  queryFn: ({ signal }) => getData<SocialProvider[]>('auth/social', { signal }),
  staleTime: Infinity,
})
