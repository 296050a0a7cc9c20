import { Link, Outlet } from '@tanstack/react-router'
import { PublicLinkContext, type PublicLinkProps } from '~/client/features/public-list/components/public-link'
import { useSession } from '~/client/lib/session'
import { LocaleSwitch } from './locale-switch'
import { PageTransition } from './page-transition'
import { PublicLayoutView } from './public-layout-view'

// Public layout (/{slug}) inside the app: the shared view (public-layout-view.tsx) with
// the router's links, the session and the page transition.
const RouterLink = ({ to, children, ...rest }: PublicLinkProps) => (
  <Link to={to} {...rest}>
    {children}
  </Link>
)

export function PublicLayout({ children }: { children?: React.ReactNode }) {
  const { token } = useSession()
  return (
    <PublicLinkContext.Provider value={RouterLink}>
      <PublicLayoutView signedIn={!!token} localeSwitch={<LocaleSwitch />}>
        <PageTransition>{children ?? <Outlet />}</PageTransition>
      </PublicLayoutView>
    </PublicLinkContext.Provider>
  )
}
