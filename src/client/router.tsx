import { createRouter } from '@tanstack/react-router'
import { NotFoundPage } from './features/not-found/not-found-page'
import { bindCurrentPath, bindNavigation } from './lib/navigation'
import { routeTree } from './route-tree.gen'

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
  defaultNotFoundComponent: NotFoundPage,
})

bindNavigation((to, search) => {
  // A path with its own query (a sign-in redirect) is an href; the router would escape the `?`.
  if (/[?#]/.test(to)) void router.navigate({ href: to })
  else void router.navigate({ to, search: search as never })
})
bindCurrentPath(() => router.state.location.pathname)

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
