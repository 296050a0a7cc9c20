import { createRootRoute, Outlet } from '@tanstack/react-router'
import { NotFoundPage } from '~/client/features/not-found/not-found-page'

export const Route = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFoundPage,
})
