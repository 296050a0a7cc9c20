import { useQuery } from '@tanstack/react-query'
import { socialProvidersQuery } from '../api'
import { SocialButtonsView } from './social-buttons-view'

/** The social sign-in buttons of the app's /signin, from GET /api/auth/social. */
export function SocialButtons({ redirect }: { redirect?: string }) {
  const providers = useQuery(socialProvidersQuery).data ?? []
  return <SocialButtonsView providers={providers} redirect={redirect} />
}
