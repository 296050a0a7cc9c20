import { useRouter } from '@tanstack/react-router'

/**
 * Keeps the navigation entries whose screen exists in this build. The spec's account menu and hub
 * name screens that later work adds (billing, users, API keys…); until their route exists, a
 * reader is not offered a link to the not-found page. Each entry appears by itself once its
 * route file lands.
 */
export function useBuiltRoutes<T extends { to: string }>(entries: readonly T[]): T[] {
  const router = useRouter()
  return entries.filter((entry) => routeExists(router.routesByPath, entry.to))
}

export function routeExists(routesByPath: object, to: string) {
  const path = to.length > 1 ? to.replace(/\/+$/, '') : to
  return path in routesByPath || `${path}/` in routesByPath
}
