// Lets non-React code (the central error handler, sign-out) navigate without importing the
// router, which would make an import cycle (router → routes → features → lib).
type Navigate = (to: string, search?: Record<string, string | undefined>) => void

let navigateImpl: Navigate = (to) => {
  window.location.assign(to)
}

export function bindNavigation(fn: Navigate) {
  navigateImpl = fn
}

export function navigateTo(to: string, search?: Record<string, string | undefined>) {
  navigateImpl(to, search)
}

let currentPath: () => string = () => window.location.pathname
export function bindCurrentPath(fn: () => string) {
  currentPath = fn
}
export function getCurrentPath() {
  return currentPath()
}
