import { createRootRoute, Outlet } from '@tanstack/react-router'
import { NotFoundPage } from '~/client/features/not-found/not-found-page'
import { ImpersonationBanner } from '~/client/features/support/components/impersonation-banner'

export const Route = createRootRoute({
  component: function Root() {
    return (
      <>
        {/* A support session says so on every screen, with Stop (decision 59). */}
        <ImpersonationBanner />
        <Outlet />
      </>
    )
  },
  notFoundComponent: NotFoundPage,
})
